//! Op kinds and the attributes that sharding needs.

/// The elementwise ops, defined once: each row gives the op's name (after the `stablehlo.`/`mhlo.`
/// prefix), its variant of [`ElementwiseOp`], its operand count and how XLA treats it:
/// - `Cheap`: every operand and the result have one shape; a fusion recomputes it in each reader;
/// - `Expensive`: as `Cheap`, but XLA counts it expensive (a division or a transcendental function:
///   its `IsExpensive`), so a fusion computes it once into a buffer of its own;
/// - `Scalars`: as `Cheap`, and a rank-0 operand broadcasts (`select`'s predicate, `clamp`'s bounds).
///
/// The enum, the name table ([`ELEMENTWISE`]) and each op's facts ([`ElementwiseOp::def`]) come
/// from these rows; parsing, the verifier, FLOPs, fusion and the sharding rule read them, so adding an
/// elementwise op is one row here (docs/adding-an-op.md). `compare` (its direction a payload) and the
/// `chlo` ops (named, not enumerated) are the two variants written out below the rows.
macro_rules! elementwise_ops {
    ($($name:literal => $variant:ident, $arity:literal, $how:ident;)*) => {
        /// Elementwise operations: every operand and result have the same shape (scalars of `clamp`
        /// and `select` predicates may broadcast), so every dimension passes through.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[allow(missing_docs)]
        pub enum ElementwiseOp {
            $($variant,)*
            /// `compare`, with its direction.
            Compare(CompareDirection),
            /// A `chlo` elementwise op (square, erf, erf_inv, lgamma, digamma, sinh, ...), named.
            Chlo(&'static str),
        }

        /// Every elementwise op by name, as the rows above define them (`compare` among them, its
        /// direction read from the op).
        pub const ELEMENTWISE: &[Elementwise] = &[
            $(Elementwise { name: $name, op: ElementwiseOp::$variant, arity: $arity, how: How::$how },)*
            COMPARE,
        ];
    };
}

elementwise_ops! {
    "add" => Add, 2, Cheap;
    "subtract" => Subtract, 2, Cheap;
    "multiply" => Multiply, 2, Cheap;
    "divide" => Divide, 2, Expensive;
    "remainder" => Remainder, 2, Expensive;
    "maximum" => Maximum, 2, Cheap;
    "minimum" => Minimum, 2, Cheap;
    "power" => Power, 2, Expensive;
    "atan2" => Atan2, 2, Expensive;
    "and" => And, 2, Cheap;
    "or" => Or, 2, Cheap;
    "xor" => Xor, 2, Cheap;
    "not" => Not, 1, Cheap;
    "shift_left" => ShiftLeft, 2, Cheap;
    "shift_right_arithmetic" => ShiftRightArithmetic, 2, Cheap;
    "shift_right_logical" => ShiftRightLogical, 2, Cheap;
    "select" => Select, 3, Scalars;
    "clamp" => Clamp, 3, Scalars;
    "negate" => Negate, 1, Cheap;
    "abs" => Abs, 1, Cheap;
    "sign" => Sign, 1, Cheap;
    "exponential" => Exponential, 1, Expensive;
    "exponential_minus_one" => ExponentialMinusOne, 1, Expensive;
    "log" => Log, 1, Expensive;
    "log_plus_one" => LogPlusOne, 1, Expensive;
    "logistic" => Logistic, 1, Expensive;
    "tanh" => Tanh, 1, Expensive;
    "sqrt" => Sqrt, 1, Expensive;
    "rsqrt" => Rsqrt, 1, Expensive;
    "cbrt" => Cbrt, 1, Expensive;
    "sine" => Sine, 1, Cheap;
    "cosine" => Cosine, 1, Cheap;
    "tan" => Tan, 1, Expensive;
    "floor" => Floor, 1, Cheap;
    "ceil" => Ceil, 1, Cheap;
    "round_nearest_even" => RoundNearestEven, 1, Cheap;
    "round_nearest_afz" => RoundNearestAfz, 1, Cheap;
    "is_finite" => IsFinite, 1, Cheap;
    "convert" => Convert, 1, Cheap;
    "bitcast_convert" => BitcastConvert, 1, Cheap;
    "reduce_precision" => ReducePrecision, 1, Cheap;
    "popcnt" => PopulationCount, 1, Cheap;
    "count_leading_zeros" => CountLeadingZeros, 1, Cheap;
    "real" => Real, 1, Cheap;
    "imag" => Imag, 1, Cheap;
    "complex" => Complex, 2, Cheap;
    "uniform_quantize" => UniformQuantize, 1, Cheap;
    "uniform_dequantize" => UniformDequantize, 1, Cheap;
}

/// `compare`'s row ([`ELEMENTWISE`]): two operands, cheap; the direction is the op's.
const COMPARE: Elementwise =
    Elementwise { name: "compare", op: ElementwiseOp::Compare(CompareDirection::Eq), arity: 2, how: How::Cheap };

/// How XLA treats an elementwise op (the rows of [`ELEMENTWISE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// Same shapes throughout; recomputed in each reader it fuses into.
    Cheap,
    /// Same shapes throughout; computed once, as XLA counts it expensive.
    Expensive,
    /// A rank-0 operand broadcasts; otherwise as `Cheap`.
    Scalars,
}

/// One row of [`ELEMENTWISE`].
#[derive(Clone, Copy, Debug)]
pub struct Elementwise {
    /// The op's name after its dialect prefix.
    pub name: &'static str,
    /// The op.
    pub op: ElementwiseOp,
    /// How many operands it takes.
    pub arity: usize,
    /// How XLA treats it.
    pub how: How,
}

impl ElementwiseOp {
    /// The op's row of [`ELEMENTWISE`]; `None` for a `chlo` op, whose facts this crate does not record.
    pub fn def(&self) -> Option<&'static Elementwise> {
        match self {
            ElementwiseOp::Chlo(_) => None,
            ElementwiseOp::Compare(_) => Some(&COMPARE),
            op => ELEMENTWISE.iter().find(|row| row.op == *op),
        }
    }

    /// How many operands the op takes: 1, 2 or 3 (`select`, `clamp`); `None` for a `chlo` op, whose
    /// arity this crate does not record.
    pub fn arity(&self) -> Option<usize> {
        self.def().map(|row| row.arity)
    }

    /// Does XLA count the op expensive (a division, a transcendental function; a `chlo` op, whose cost
    /// this crate does not record), so that a fusion computes it once rather than in each reader?
    pub fn expensive(&self) -> bool {
        self.def().is_none_or(|row| row.how == How::Expensive)
    }

    /// May a rank-0 operand broadcast to the result's shape (`select`'s predicate, `clamp`'s bounds)?
    pub fn broadcasts_scalars(&self) -> bool {
        self.def().is_some_and(|row| row.how == How::Scalars)
    }
}

#[cfg(test)]
mod elementwise_tests {
    use super::*;

    /// Each row names one op, and each op's facts are its own row's.
    #[test]
    fn every_row_is_its_ops_own() {
        for (i, row) in ELEMENTWISE.iter().enumerate() {
            assert!(ELEMENTWISE[..i].iter().all(|r| r.name != row.name && r.op != row.op), "{} twice", row.name);
            assert_eq!(row.op.def().map(|d| d.name), Some(row.name));
        }
        assert_eq!(ElementwiseOp::Compare(CompareDirection::Lt).arity(), Some(2));
        assert!(ElementwiseOp::Divide.expensive() && !ElementwiseOp::Add.expensive());
        assert!(ElementwiseOp::Chlo("erf").expensive() && ElementwiseOp::Chlo("erf").arity().is_none());
        assert!(ElementwiseOp::Select.broadcasts_scalars() && !ElementwiseOp::Multiply.broadcasts_scalars());
    }

    /// A quantize and dequantize pair reads as two elementwise ops the verifier accepts, each
    /// result held at its storage type.
    #[test]
    fn quantizing_is_elementwise() {
        let text = r#"module @q {
  func.func public @main(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
    %0 = stablehlo.uniform_quantize %x : (tensor<8x16xf32>) -> tensor<8x16x!quant.uniform<i8:f32, 5.000000e-01>>
    %1 = stablehlo.uniform_dequantize %0 : (tensor<8x16x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<8x16xf32>
    return %1 : tensor<8x16xf32>
  }
}"#;
        let m = crate::parse_module(text).unwrap();
        let kinds: Vec<OpKind> = m.ops.values().map(|o| o.kind.clone()).collect();
        assert!(kinds.contains(&OpKind::Elementwise(ElementwiseOp::UniformQuantize)), "{kinds:?}");
        assert!(kinds.contains(&OpKind::Elementwise(ElementwiseOp::UniformDequantize)), "{kinds:?}");
        assert!(crate::verify::verify(&m).is_empty(), "{:?}", crate::verify::verify(&m));
        let quantized = m.values.values().filter_map(|v| v.ty.as_tensor()).find(|t| t.elem == crate::ElemType::Int(8));
        assert_eq!(quantized.map(crate::TensorType::byte_size), Some(128));
    }
}

/// The comparison of a `compare` op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum CompareDirection {
    Eq,
    Ne,
    Ge,
    Gt,
    Le,
    Lt,
}

impl CompareDirection {
    /// From StableHLO's spelling (`GT`, ...).
    pub fn parse(s: &str) -> Option<CompareDirection> {
        Some(match s {
            "EQ" => CompareDirection::Eq,
            "NE" => CompareDirection::Ne,
            "GE" => CompareDirection::Ge,
            "GT" => CompareDirection::Gt,
            "LE" => CompareDirection::Le,
            "LT" => CompareDirection::Lt,
            _ => return None,
        })
    }
}

/// What a reduction body computes (of `reduce`, `reduce_window`, `scatter`, `select_and_scatter`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceKind {
    /// Sum.
    Add,
    /// Product.
    Mul,
    /// Maximum.
    Max,
    /// Minimum.
    Min,
    /// Logical / bitwise and.
    And,
    /// Logical / bitwise or.
    Or,
    /// Bitwise xor.
    Xor,
    /// The body returns its second argument (scatter's plain update).
    Replace,
    /// Anything else (argmax-style variadic bodies, custom logic).
    Other,
}

/// `dot_general` dimension numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct DotDims {
    /// Batch dimensions of the left operand.
    pub lhs_batch: Vec<i64>,
    /// Batch dimensions of the right operand.
    pub rhs_batch: Vec<i64>,
    /// Contracting dimensions of the left operand.
    pub lhs_contracting: Vec<i64>,
    /// Contracting dimensions of the right operand.
    pub rhs_contracting: Vec<i64>,
}

/// `gather` dimension numbers and slice sizes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub struct GatherDims {
    pub offset_dims: Vec<i64>,
    pub collapsed_slice_dims: Vec<i64>,
    pub operand_batching_dims: Vec<i64>,
    pub start_indices_batching_dims: Vec<i64>,
    pub start_index_map: Vec<i64>,
    pub index_vector_dim: i64,
    pub slice_sizes: Vec<i64>,
    pub indices_are_sorted: bool,
}

/// `scatter` dimension numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub struct ScatterDims {
    pub update_window_dims: Vec<i64>,
    pub inserted_window_dims: Vec<i64>,
    pub input_batching_dims: Vec<i64>,
    pub scatter_indices_batching_dims: Vec<i64>,
    pub scatter_dims_to_operand_dims: Vec<i64>,
    pub index_vector_dim: i64,
    pub indices_are_sorted: bool,
    pub unique_indices: bool,
}

/// `convolution` dimension numbers: which dimension of each tensor is batch, feature and spatial.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub struct ConvDims {
    pub input_batch: i64,
    pub input_feature: i64,
    pub input_spatial: Vec<i64>,
    pub kernel_input_feature: i64,
    pub kernel_output_feature: i64,
    pub kernel_spatial: Vec<i64>,
    pub output_batch: i64,
    pub output_feature: i64,
    pub output_spatial: Vec<i64>,
}

/// A sliding window (of `convolution`, `reduce_window`, `select_and_scatter`): one entry per dimension it
/// ranges over (spatial dims for convolution, every dim for the others). Empty vectors mean defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Window {
    /// Window size per dimension (`reduce_window`, `select_and_scatter`); empty for convolution, whose
    /// window is the kernel.
    pub dimensions: Vec<i64>,
    /// Strides (default 1).
    pub strides: Vec<i64>,
    /// (low, high) padding per dimension (default 0).
    pub padding: Vec<(i64, i64)>,
    /// Base (input) dilation (default 1).
    pub base_dilations: Vec<i64>,
    /// Window (kernel) dilation (default 1).
    pub window_dilations: Vec<i64>,
}

/// What an op is, with the attributes the sharding rules need.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpKind {
    /// Elementwise op.
    Elementwise(ElementwiseOp),
    /// `constant` (a splat or dense literal).
    Constant {
        /// The value, when it is one integer (a scalar, or a splat): what a loop's trip count is read from.
        scalar: Option<i64>,
    },
    /// `iota` along `dim`.
    Iota {
        /// The dimension that counts.
        dim: i64,
    },
    /// `broadcast_in_dim`: operand dim i becomes result dim `dims[i]`.
    BroadcastInDim {
        /// Result dimension of each operand dimension.
        dims: Vec<i64>,
    },
    /// `reshape`.
    Reshape,
    /// `transpose`: result dim i is operand dim `perm[i]`.
    Transpose {
        /// The permutation.
        perm: Vec<i64>,
    },
    /// `dot_general` (and legacy `dot`, normalized).
    DotGeneral(DotDims),
    /// `reduce` over `dims` with the body's reduction.
    Reduce {
        /// Reduced dimensions of the operand(s).
        dims: Vec<i64>,
        /// What the body computes.
        kind: ReduceKind,
    },
    /// `reduce_window`.
    ReduceWindow {
        /// Window.
        window: Window,
        /// What the body computes.
        kind: ReduceKind,
    },
    /// `slice` with static bounds.
    Slice {
        /// Start per dimension.
        start: Vec<i64>,
        /// Limit (exclusive) per dimension.
        limit: Vec<i64>,
        /// Stride per dimension.
        strides: Vec<i64>,
    },
    /// `dynamic_slice` with static `sizes`.
    DynamicSlice {
        /// Slice sizes.
        sizes: Vec<i64>,
    },
    /// `dynamic_update_slice`.
    DynamicUpdateSlice,
    /// `concatenate` along `dim`.
    Concatenate {
        /// Concatenated dimension.
        dim: i64,
    },
    /// `pad`.
    Pad {
        /// Low padding per dimension.
        low: Vec<i64>,
        /// High padding per dimension.
        high: Vec<i64>,
        /// Interior padding per dimension.
        interior: Vec<i64>,
    },
    /// `reverse` along `dims`.
    Reverse {
        /// Reversed dimensions.
        dims: Vec<i64>,
    },
    /// `gather`.
    Gather(GatherDims),
    /// `scatter` with the update computation's reduction.
    Scatter {
        /// Dimension numbers.
        dims: ScatterDims,
        /// What the update body computes.
        kind: ReduceKind,
    },
    /// `convolution`.
    Convolution {
        /// Dimension numbers.
        dims: ConvDims,
        /// Window over the spatial dimensions.
        window: Window,
        /// Feature group count.
        feature_group_count: i64,
        /// Batch group count.
        batch_group_count: i64,
    },
    /// `select_and_scatter` (the gradient of max pooling).
    SelectAndScatter {
        /// Window.
        window: Window,
    },
    /// `sort` along `dim`.
    Sort {
        /// Sorted dimension.
        dim: i64,
    },
    /// `chlo.top_k` along the last dimension.
    TopK {
        /// How many.
        k: i64,
    },
    /// `custom_call` to `target`.
    CustomCall {
        /// `call_target_name`.
        target: String,
        /// Its `kernel_name` attribute, when it has one: a Pallas kernel's function name (every Pallas
        /// TPU kernel has the target `tpu_custom_call`).
        kernel: Option<String>,
        /// Its `sdy.sharding_rule`, when the author gave one: how the kernel may be sharded.
        rule: Option<Box<crate::sharding_rule::OpShardingRule>>,
        /// What one call costs, when the program says (a Pallas kernel's `cost_estimate`), or once a
        /// price was set for its target (a library formula, the user's table).
        cost: Option<crate::kernel_cost::KernelCost>,
    },
    /// `optimization_barrier`: its results are its operands.
    OptimizationBarrier,
    /// `rng_bit_generator`: random bits from a state. Kept replicated: a sharded draw would differ.
    RngBitGenerator,
    /// A collective the program already has (`all_reduce`, `all_gather`, `reduce_scatter`, `all_to_all`,
    /// `collective_permute`, `collective_broadcast`): what `jax.lax.psum` and friends write inside a
    /// `shard_map`'s body, which the planner keeps as the user wrote it.
    Collective,
    /// `sdy.manual_computation` (what `jax.shard_map` writes): its body runs per device on shards the
    /// user fixed. The planner plans around it, resharding into and out of it where needed.
    ManualComputation {
        /// The sharding each operand enters with (Shardy's `<@mesh, [...]>`).
        in_shardings: Vec<crate::sharding::TensorSharding>,
        /// The sharding each result leaves with.
        out_shardings: Vec<crate::sharding::TensorSharding>,
        /// The mesh axes the body is manual over.
        manual_axes: Vec<String>,
    },
    /// `tuple`.
    Tuple,
    /// `get_tuple_element`.
    GetTupleElement {
        /// Element index.
        index: i64,
    },
    /// `while` (regions `cond` and `body` kept intact).
    While,
    /// `case` (one region per branch, kept intact).
    Case,
    /// `if` (two regions).
    If,
    /// A region terminator (`stablehlo.return`, `func.return`).
    Return,
    /// Any other op: operands, results and types only.
    Opaque,
}

impl OpKind {
    /// Does this op have a sharding-relevant meaning (anything but `Opaque`)?
    pub fn is_opaque(&self) -> bool {
        matches!(self, OpKind::Opaque)
    }

    /// The fewest tensor operands an op of this kind takes: what its sharding rule and its cost read
    /// (the verifier refuses an op with fewer).
    pub fn min_tensor_operands(&self) -> usize {
        match self {
            OpKind::Scatter { .. } => 3,
            OpKind::DotGeneral(_)
            | OpKind::Gather(_)
            | OpKind::Convolution { .. }
            | OpKind::SelectAndScatter { .. } => 2,
            OpKind::Reshape
            | OpKind::Transpose { .. }
            | OpKind::Reduce { .. }
            | OpKind::ReduceWindow { .. }
            | OpKind::Slice { .. }
            | OpKind::DynamicSlice { .. }
            | OpKind::Pad { .. }
            | OpKind::Reverse { .. }
            | OpKind::DynamicUpdateSlice
            | OpKind::Concatenate { .. }
            | OpKind::BroadcastInDim { .. } => 1,
            _ => 0,
        }
    }
}
