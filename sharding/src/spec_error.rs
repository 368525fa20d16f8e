//! The error every YAML spec (meshes, user constraints) reports: file, line, column, the field and what
//! is wrong, and the offending line with a caret.

use std::fmt;
use std::path::Path;

/// A spec error: file, line, column, the field and what is wrong, and a snippet of the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SpecError {
    /// File name as given.
    pub file: String,
    /// 1-based line (0 if unknown).
    pub line: u64,
    /// 1-based column (0 if unknown).
    pub column: u64,
    /// What is wrong.
    pub message: String,
    /// The offending lines with a caret, when available.
    pub snippet: String,
}

impl SpecError {
    /// The file cannot be read.
    pub fn unreadable(path: &Path, e: &std::io::Error) -> SpecError {
        SpecError {
            file: path.display().to_string(),
            line: 0,
            column: 0,
            message: format!("cannot read: {e}"),
            snippet: String::new(),
        }
    }

    /// A YAML syntax or shape error from serde-saphyr (which renders its own snippet).
    pub fn from_yaml(e: &serde_saphyr::Error, file: &str) -> SpecError {
        let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
        let rendered = e.to_string();
        let mut lines = rendered.lines();
        let head = lines.next().unwrap_or("").trim_start_matches("error: ");
        let message =
            head.split_once(": ").filter(|(loc, _)| loc.starts_with("line ")).map_or(head, |(_, m)| m).to_string();
        let snippet = lines.collect::<Vec<_>>().join("\n").replace("<input>", file);
        SpecError { file: file.to_string(), line, column, message, snippet }
    }

    /// A value that parsed but is wrong: `field: msg` at `loc` of `text`.
    pub fn at(file: &str, text: &str, loc: serde_saphyr::Location, field: &str, msg: String) -> SpecError {
        let (line, column) = (loc.line(), loc.column());
        let src_line = text.lines().nth((line as usize).saturating_sub(1)).unwrap_or("");
        let snippet = format!("{line:>4} | {src_line}\n     | {}^", " ".repeat((column as usize).saturating_sub(1)));
        SpecError { file: file.to_string(), line, column, message: format!("{field}: {msg}"), snippet }
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}", self.file, self.line, self.column, self.message)?;
        if !self.snippet.is_empty() {
            write!(f, "\n{}", self.snippet)?;
        }
        Ok(())
    }
}
