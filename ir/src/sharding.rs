//! Tensor shardings with the expressiveness of Shardy's `TensorShardingAttr`: for each dimension an
//! ordered list of mesh axes (major to minor), plus the axes over which the value is an unreduced partial
//! result, and the axes it is explicitly replicated over. Printed and parsed in Shardy's syntax:
//!
//! ```text
//! #sdy.sharding<@mesh, [{"data"}, {}, {"model", "x":(2)2}], replicated={"y"}, unreduced={"z"}>
//! ```
//!
//! A dimension written `{"a", ?}` is open (the partitioner may shard it further); `{}` with no `?` is
//! closed and replicated.

use std::fmt;

/// A mesh axis, or a sub-axis `"x":(pre)size` (the `size` devices of `x` after the first `pre` groups).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AxisRef {
    /// Axis name.
    pub name: String,
    /// `(pre_size, size)` for a sub-axis.
    pub sub: Option<(u32, u32)>,
}

impl AxisRef {
    /// A whole axis.
    pub fn new(name: impl Into<String>) -> AxisRef {
        AxisRef { name: name.into(), sub: None }
    }
}

impl AxisRef {
    /// Do the two name overlapping devices of one axis? Sub-axis `(pre)size` covers the factors
    /// `[pre, pre·size)` of its axis, multiplicatively.
    pub fn overlaps(&self, other: &AxisRef) -> bool {
        if self.name != other.name {
            return false;
        }
        match (self.sub, other.sub) {
            (Some((p1, s1)), Some((p2, s2))) => p1 < p2 * s2 && p2 < p1 * s1,
            _ => true,
        }
    }
}

impl fmt::Display for AxisRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\"", self.name)?;
        if let Some((pre, size)) = self.sub {
            write!(f, ":({pre}){size}")?;
        }
        Ok(())
    }
}

/// How one dimension is split: axes major to minor; `open` if the partitioner may add more.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct DimSharding {
    /// Axes, major to minor.
    pub axes: Vec<AxisRef>,
    /// Open (`?`): further sharding allowed.
    pub open: bool,
}

/// A tensor's sharding on a named mesh.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TensorSharding {
    /// The mesh symbol, without `@`.
    pub mesh: String,
    /// One entry per tensor dimension.
    pub dims: Vec<DimSharding>,
    /// Axes the tensor is explicitly replicated over.
    pub replicated: Vec<AxisRef>,
    /// Axes over which the value is an unreduced partial result (summing over them gives the value).
    pub unreduced: Vec<AxisRef>,
}

impl TensorSharding {
    /// Fully replicated, closed, on `mesh`, for a tensor of `rank` dimensions.
    pub fn replicated(mesh: impl Into<String>, rank: usize) -> TensorSharding {
        TensorSharding {
            mesh: mesh.into(),
            dims: vec![DimSharding::default(); rank],
            replicated: Vec::new(),
            unreduced: Vec::new(),
        }
    }

    /// Every axis this sharding uses (dimensions, then unreduced), in order.
    pub fn used_axes(&self) -> impl Iterator<Item = &AxisRef> {
        self.dims.iter().flat_map(|d| d.axes.iter()).chain(self.unreduced.iter())
    }

    /// Check that no axis is used twice (by two dimensions, or a dimension and `unreduced`/`replicated`).
    pub fn check_axes_unique(&self) -> Result<(), String> {
        let mut seen: Vec<&AxisRef> = Vec::new();
        for a in self.used_axes().chain(self.replicated.iter()) {
            if seen.iter().any(|b| b.overlaps(a)) {
                return Err(format!("axis {a} is used more than once"));
            }
            seen.push(a);
        }
        Ok(())
    }

    /// Parse Shardy's `#sdy.sharding<@mesh, [...], replicated={...}, unreduced={...}>`.
    pub fn parse(text: &str) -> Result<TensorSharding, String> {
        let mut c = Chars { s: text.trim(), i: 0 };
        c.eat_str("#sdy.sharding<")?;
        c.ws();
        c.eat_str("@")?;
        let mesh = c.ident()?;
        c.ws();
        c.eat_str(",")?;
        c.ws();
        c.eat_str("[")?;
        let mut dims = Vec::new();
        c.ws();
        if !c.peek_is(']') {
            loop {
                c.ws();
                dims.push(c.dim()?);
                c.ws();
                if c.peek_is(']') {
                    break;
                }
                c.eat_str(",")?;
            }
        }
        c.eat_str("]")?;
        let (mut replicated, mut unreduced) = (Vec::new(), Vec::new());
        loop {
            c.ws();
            if c.peek_is('>') {
                break;
            }
            c.eat_str(",")?;
            c.ws();
            let key = c.ident()?;
            c.ws();
            c.eat_str("=")?;
            c.ws();
            let d = c.dim()?;
            match key.as_str() {
                "replicated" => replicated = d.axes,
                "unreduced" => unreduced = d.axes,
                other => return Err(format!("unknown sharding field '{other}' at byte {}", c.i)),
            }
        }
        c.eat_str(">")?;
        if c.i != c.s.len() {
            return Err(format!("unexpected text after the sharding at byte {}", c.i));
        }
        Ok(TensorSharding { mesh, dims, replicated, unreduced })
    }
}

impl fmt::Display for DimSharding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, a) in self.axes.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{a}")?;
        }
        if self.open {
            f.write_str(if self.axes.is_empty() { "?" } else { ", ?" })?;
        }
        f.write_str("}")
    }
}

fn axis_set(f: &mut fmt::Formatter<'_>, axes: &[AxisRef]) -> fmt::Result {
    write!(f, "{}", DimSharding { axes: axes.to_vec(), open: false })
}

impl fmt::Display for TensorSharding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#sdy.sharding<@{}, [", self.mesh)?;
        for (i, d) in self.dims.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{d}")?;
        }
        f.write_str("]")?;
        if !self.replicated.is_empty() {
            f.write_str(", replicated=")?;
            axis_set(f, &self.replicated)?;
        }
        if !self.unreduced.is_empty() {
            f.write_str(", unreduced=")?;
            axis_set(f, &self.unreduced)?;
        }
        f.write_str(">")
    }
}

/// A tiny cursor for the sharding syntax.
struct Chars<'a> {
    s: &'a str,
    i: usize,
}

impl Chars<'_> {
    fn ws(&mut self) {
        while self.s[self.i..].starts_with([' ', '\t', '\n']) {
            self.i += 1;
        }
    }

    fn peek_is(&self, c: char) -> bool {
        self.s[self.i..].starts_with(c)
    }

    fn eat_str(&mut self, t: &str) -> Result<(), String> {
        if self.s[self.i..].starts_with(t) {
            self.i += t.len();
            Ok(())
        } else {
            let found: String = self.s[self.i..].chars().take(12).collect();
            Err(format!("expected '{t}' at byte {}, found '{found}'", self.i))
        }
    }

    fn ident(&mut self) -> Result<String, String> {
        let start = self.i;
        while self.s[self.i..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$') {
            self.i += 1;
        }
        if self.i == start {
            Err(format!("expected a name at byte {start}"))
        } else {
            Ok(self.s[start..self.i].to_string())
        }
    }

    fn number(&mut self) -> Result<u32, String> {
        let start = self.i;
        while self.s[self.i..].starts_with(|c: char| c.is_ascii_digit()) {
            self.i += 1;
        }
        self.s[start..self.i].parse().map_err(|_| format!("expected a number at byte {start}"))
    }

    fn axis(&mut self) -> Result<AxisRef, String> {
        self.eat_str("\"")?;
        let start = self.i;
        let end = self.s[self.i..].find('"').ok_or_else(|| format!("unterminated axis name at byte {start}"))?;
        let name = self.s[start..start + end].to_string();
        self.i = start + end + 1;
        let mut sub = None;
        if self.peek_is(':') {
            self.i += 1;
            self.eat_str("(")?;
            let pre = self.number()?;
            self.eat_str(")")?;
            sub = Some((pre, self.number()?));
        }
        Ok(AxisRef { name, sub })
    }

    fn dim(&mut self) -> Result<DimSharding, String> {
        self.eat_str("{")?;
        let mut d = DimSharding::default();
        loop {
            self.ws();
            if self.peek_is('}') {
                break;
            }
            if self.peek_is('?') {
                self.i += 1;
                d.open = true;
            } else {
                d.axes.push(self.axis()?);
            }
            self.ws();
            if !self.peek_is('}') {
                self.eat_str(",")?;
            }
        }
        self.eat_str("}")?;
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_and_parses_shardy_syntax() {
        let s = TensorSharding {
            mesh: "mesh".into(),
            dims: vec![
                DimSharding { axes: vec![AxisRef::new("data")], open: false },
                DimSharding::default(),
                DimSharding {
                    axes: vec![AxisRef::new("model"), AxisRef { name: "x".into(), sub: Some((2, 2)) }],
                    open: true,
                },
            ],
            replicated: vec![AxisRef::new("y")],
            unreduced: vec![AxisRef::new("z")],
        };
        let text = s.to_string();
        assert_eq!(
            text,
            r#"#sdy.sharding<@mesh, [{"data"}, {}, {"model", "x":(2)2, ?}], replicated={"y"}, unreduced={"z"}>"#
        );
        assert_eq!(TensorSharding::parse(&text).unwrap(), s);
        assert_eq!(TensorSharding::replicated("m", 2).to_string(), "#sdy.sharding<@m, [{}, {}]>");
        assert_eq!(TensorSharding::parse("#sdy.sharding<@m, []>").unwrap().dims.len(), 0);
        assert!(TensorSharding::parse("#sdy.sharding<@m, [{?}, {}]>").unwrap().dims[0].open);
    }

    #[test]
    fn refuses_bad_text_and_reused_axes() {
        assert!(TensorSharding::parse("#sdy.sharding<@m, [{\"a\"}").is_err());
        assert!(TensorSharding::parse("#sdy.sharding<@m, [{a}]>").is_err());
        assert!(TensorSharding::parse("#sdy.sharding<@m, [{}], bogus={}>").is_err());
        let twice = TensorSharding::parse(r#"#sdy.sharding<@m, [{"a"}, {"a"}]>"#).unwrap();
        assert!(twice.check_axes_unique().is_err());
        let sub = TensorSharding::parse(r#"#sdy.sharding<@m, [{"a":(1)2}, {"a":(2)2}]>"#).unwrap();
        assert!(sub.check_axes_unique().is_ok(), "disjoint sub-axes of one axis");
        let overlap = TensorSharding::parse(r#"#sdy.sharding<@m, [{"a":(1)4}, {"a":(2)2}]>"#).unwrap();
        assert!(overlap.check_axes_unique().is_err());
    }
}
