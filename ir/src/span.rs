//! Byte spans into the source text and their human-readable line:column form.

use std::fmt;

/// A half-open byte range `[start, end)` into the module's source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from byte offsets.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start: to_u32(start), end: to_u32(end) }
    }

    /// The empty span at `offset`.
    pub fn at(offset: usize) -> Span {
        Span::new(offset, offset)
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    /// The byte range, for slicing the source.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The text this span covers in `src` (empty if out of range).
    pub fn text(self, src: &str) -> &str {
        src.get(self.range()).unwrap_or("")
    }
}

/// Source offsets are u32: the parser refuses inputs of 4 GiB or more, so this never saturates in practice.
fn to_u32(x: usize) -> u32 {
    u32::try_from(x).unwrap_or(u32::MAX)
}

/// A 1-based line and column (column counted in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
}

impl fmt::Display for LineCol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// Line and column of byte `offset` in `src` (clamped to the text).
pub fn line_col(src: &str, offset: usize) -> LineCol {
    let mut offset = offset.min(src.len());
    while !src.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &src[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    LineCol { line, col: before[line_start..].chars().count() + 1 }
}

/// Where each line of a text starts, for line:column lookups in logarithmic time ([`line_col`] scans
/// the text, which reports over thousands of ops cannot afford).
#[derive(Clone, Debug, Default)]
pub struct LineIndex {
    /// Byte offset of each line's first byte; the first is 0.
    starts: Vec<usize>,
}

impl LineIndex {
    /// The index of `src`.
    pub fn new(src: &str) -> LineIndex {
        let starts = std::iter::once(0).chain(src.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i + 1));
        LineIndex { starts: starts.collect() }
    }

    /// Line and column of byte `offset` in `src`, the text this index was made of: the same as
    /// [`line_col`].
    pub fn line_col(&self, src: &str, offset: usize) -> LineCol {
        let mut offset = offset.min(src.len());
        while !src.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts.get(line - 1).copied().unwrap_or(0).min(offset);
        LineCol { line, col: src.get(start..offset).map_or(0, |t| t.chars().count()) + 1 }
    }
}

/// The full source line containing byte `offset`, without its newline.
pub fn line_text(src: &str, offset: usize) -> &str {
    let mut offset = offset.min(src.len());
    while !src.is_char_boundary(offset) {
        offset -= 1;
    }
    let start = src[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = src[offset..].find('\n').map_or(src.len(), |i| offset + i);
    &src[start..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_index_agrees_with_line_col() {
        let src = "ab\n\ncé d\n\nlast";
        let index = LineIndex::new(src);
        for offset in 0..src.len() + 3 {
            assert_eq!(index.line_col(src, offset), line_col(src, offset), "offset {offset}");
        }
        assert_eq!(LineIndex::new("").line_col("", 5), LineCol { line: 1, col: 1 });
    }

    #[test]
    fn line_col_counts_from_one() {
        let src = "ab\ncd\n";
        assert_eq!(line_col(src, 0), LineCol { line: 1, col: 1 });
        assert_eq!(line_col(src, 4), LineCol { line: 2, col: 2 });
        assert_eq!(line_text(src, 4), "cd");
        assert_eq!(line_col(src, 100), LineCol { line: 3, col: 1 });
    }
}
