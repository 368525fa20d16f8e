//! Tensor and element types.

use std::fmt;

/// Element type of a tensor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElemType {
    /// 64-bit float.
    F64,
    /// 32-bit float.
    F32,
    /// bfloat16.
    BF16,
    /// 16-bit float.
    F16,
    /// Any 8-bit float format (f8E4M3FN, f8E5M2, ...).
    F8,
    /// Signed or signless integer of this many bits (i1 is the predicate type).
    Int(u8),
    /// Unsigned integer of this many bits.
    UInt(u8),
    /// `complex<f32>`.
    C64,
    /// `complex<f64>`.
    C128,
    /// `index` (host-sized integer, counted as 64 bits).
    Index,
}

impl ElemType {
    /// Parse an MLIR element type name (`f32`, `bf16`, `i1`, `ui8`, `complex<f32>`, ...).
    pub fn parse(s: &str) -> Option<ElemType> {
        Some(match s {
            "f64" => ElemType::F64,
            "f32" => ElemType::F32,
            "bf16" => ElemType::BF16,
            "f16" => ElemType::F16,
            "index" => ElemType::Index,
            "complex<f32>" => ElemType::C64,
            "complex<f64>" => ElemType::C128,
            _ if s.starts_with("f8") || s.starts_with("f6") || s.starts_with("f4") => ElemType::F8,
            // A quantized type (`!quant.uniform<i8:f32, 0.5>`, `<i8<-127:127>:f32:1, {0.1, 0.2}>`) is
            // held in memory as its storage type, which is what automap counts.
            _ if s.starts_with("!quant.") => {
                let storage = s.split_once('<')?.1.split([':', '<']).next()?;
                // `u8` is the quant dialect's spelling of `ui8`.
                match storage.strip_prefix('u') {
                    Some(bits) if !bits.starts_with('i') => ElemType::parse(&format!("ui{bits}"))?,
                    _ => ElemType::parse(storage)?,
                }
            }
            _ => {
                let (unsigned, digits) = if let Some(d) = s.strip_prefix("ui") {
                    (true, d)
                } else if let Some(d) = s.strip_prefix("si") {
                    (false, d)
                } else {
                    (false, s.strip_prefix('i')?)
                };
                let bits: u8 = digits.parse().ok()?;
                if !matches!(bits, 1 | 2 | 4 | 8 | 16 | 32 | 64) {
                    return None;
                }
                if unsigned { ElemType::UInt(bits) } else { ElemType::Int(bits) }
            }
        })
    }

    /// Bytes per element in device memory. Sub-byte types (i1, i4, f4) take one byte each, as in XLA's
    /// default layout.
    pub fn byte_size(self) -> u64 {
        match self {
            ElemType::F64 | ElemType::C64 | ElemType::Index => 8,
            ElemType::F32 => 4,
            ElemType::BF16 | ElemType::F16 => 2,
            ElemType::F8 => 1,
            ElemType::C128 => 16,
            ElemType::Int(b) | ElemType::UInt(b) => u64::from(b).div_ceil(8),
        }
    }

    /// Is this a floating-point (or complex) type?
    pub fn is_float(self) -> bool {
        matches!(
            self,
            ElemType::F64
                | ElemType::F32
                | ElemType::BF16
                | ElemType::F16
                | ElemType::F8
                | ElemType::C64
                | ElemType::C128
        )
    }
}

impl fmt::Display for ElemType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElemType::F64 => f.write_str("f64"),
            ElemType::F32 => f.write_str("f32"),
            ElemType::BF16 => f.write_str("bf16"),
            ElemType::F16 => f.write_str("f16"),
            ElemType::F8 => f.write_str("f8"),
            ElemType::Int(b) => write!(f, "i{b}"),
            ElemType::UInt(b) => write!(f, "ui{b}"),
            ElemType::C64 => f.write_str("complex<f32>"),
            ElemType::C128 => f.write_str("complex<f64>"),
            ElemType::Index => f.write_str("index"),
        }
    }
}

/// The largest tensor automap plans: 2^62 bytes (4 EiB), so that the bytes of any tensor, and sums of
/// a few of them, stay exact in 64-bit and 128-bit integers and within an `f64`'s exact range of
/// powers of two. Larger tensors are refused by the verifier with their location.
pub const MAX_TENSOR_BYTES: u64 = 1 << 62;

/// A statically shaped tensor type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TensorType {
    /// Dimension sizes, major to minor; empty for a scalar.
    pub shape: Vec<i64>,
    /// Element type.
    pub elem: ElemType,
}

impl TensorType {
    /// Rank (number of dimensions).
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// Number of elements (saturating at `u64::MAX`; the verifier refuses tensors over
    /// [`MAX_TENSOR_BYTES`], so no tensor automap plans comes near it).
    pub fn num_elements(&self) -> u64 {
        self.shape.iter().fold(1u64, |n, &d| n.saturating_mul(d.max(0).unsigned_abs()))
    }

    /// Size in bytes, unsharded (saturating, as [`TensorType::num_elements`]).
    pub fn byte_size(&self) -> u64 {
        self.num_elements().saturating_mul(self.elem.byte_size())
    }

    /// Size in bytes, or `None` when it does not fit in a `u64`.
    pub fn checked_byte_size(&self) -> Option<u64> {
        self.shape.iter().try_fold(self.elem.byte_size(), |n, &d| n.checked_mul(d.max(0).unsigned_abs()))
    }

    /// Parse the inside of `tensor<...>`, e.g. `8x16xf32` or `f32`. Dynamic (`?`) or unranked (`*`) shapes
    /// and tensors with an encoding are not static tensor types: `None`.
    pub fn parse_body(body: &str) -> Option<TensorType> {
        let body = body.trim();
        // A comma outside the element type's brackets starts an encoding (`tensor<4xf32, #enc>`);
        // one inside them is the element type's own (a quantized type's scale).
        let mut depth = 0i32;
        for b in body.bytes() {
            match b {
                b'<' | b'{' => depth += 1,
                b'>' | b'}' => depth -= 1,
                b',' if depth == 0 => return None,
                _ => {}
            }
        }
        let mut shape = Vec::new();
        let mut rest = body;
        loop {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                break;
            }
            if rest.as_bytes().get(digits) != Some(&b'x') {
                return None;
            }
            shape.push(rest[..digits].parse().ok()?);
            rest = &rest[digits + 1..];
        }
        Some(TensorType { shape, elem: ElemType::parse(rest)? })
    }
}

impl fmt::Display for TensorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tensor<")?;
        for d in &self.shape {
            write!(f, "{d}x")?;
        }
        write!(f, "{}>", self.elem)
    }
}

/// Any type a value can have.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// A static tensor.
    Tensor(TensorType),
    /// `!stablehlo.token`.
    Token,
    /// `tuple<...>`.
    Tuple(Vec<Type>),
    /// Anything else (dynamic shapes, quantized or other dialect types), kept as its text.
    Other(String),
}

impl Type {
    /// The tensor type, if this is a static tensor.
    pub fn as_tensor(&self) -> Option<&TensorType> {
        match self {
            Type::Tensor(t) => Some(t),
            _ => None,
        }
    }

    /// Bytes of the value (tuples summed; tokens and unknown types count 0).
    pub fn byte_size(&self) -> u64 {
        match self {
            Type::Tensor(t) => t.byte_size(),
            Type::Tuple(ts) => ts.iter().fold(0u64, |n, t| n.saturating_add(t.byte_size())),
            Type::Token | Type::Other(_) => 0,
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Tensor(t) => t.fmt(f),
            Type::Token => f.write_str("!stablehlo.token"),
            Type::Tuple(ts) => {
                f.write_str("tuple<")?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    t.fmt(f)?;
                }
                f.write_str(">")
            }
            Type::Other(s) => f.write_str(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_tensor_bodies() {
        let t = TensorType::parse_body("8x16xf32").unwrap();
        assert_eq!(t.shape, vec![8, 16]);
        assert_eq!(t.byte_size(), 8 * 16 * 4);
        assert_eq!(t.to_string(), "tensor<8x16xf32>");
        assert_eq!(TensorType::parse_body("i1").unwrap().byte_size(), 1);
        assert_eq!(TensorType::parse_body("2x3xbf16").unwrap().byte_size(), 12);
        assert_eq!(TensorType::parse_body("4xui8").unwrap().elem, ElemType::UInt(8));
        assert!(TensorType::parse_body("?x4xf32").is_none());
        assert!(TensorType::parse_body("4xf33").is_none());
        assert!(TensorType::parse_body("4x").is_none());
    }

    /// A quantized tensor is held as its storage type; a comma inside the element type is its own.
    #[test]
    fn a_quantized_tensor_counts_its_storage_type() {
        let t = TensorType::parse_body("8x16x!quant.uniform<i8:f32, 5.000000e-01>").unwrap();
        assert_eq!((t.shape.clone(), t.elem, t.byte_size()), (vec![8, 16], ElemType::Int(8), 128));
        let ranged = TensorType::parse_body("4x!quant.uniform<i8<-127:127>:f32:0, {0.1, 0.2, 0.3, 0.4}>").unwrap();
        assert_eq!(ranged.elem, ElemType::Int(8));
        assert_eq!(TensorType::parse_body("2x!quant.uniform<u8:f32, 0.5:128>").unwrap().elem, ElemType::UInt(8));
        assert!(TensorType::parse_body("4xf32, #enc").is_none());
        assert!(TensorType::parse_body("4x!quant.uniform<q9:f32, 0.5>").is_none());
        assert!(TensorType::parse_body("4x!quant.uniform<u7:f32, 0.5>").is_none(), "no 7-bit storage");
    }
}
