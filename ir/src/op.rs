//! Op kinds and the attributes that sharding needs.

/// Elementwise operations: every operand and result have the same shape (scalars of `clamp` and `select`
/// predicates may broadcast), so every dimension passes through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum ElementwiseOp {
    Add,
    Subtract,
    Multiply,
    Divide,
    Remainder,
    Maximum,
    Minimum,
    Power,
    Atan2,
    And,
    Or,
    Xor,
    Not,
    ShiftLeft,
    ShiftRightArithmetic,
    ShiftRightLogical,
    Compare(CompareDirection),
    Select,
    Clamp,
    Negate,
    Abs,
    Sign,
    Exponential,
    ExponentialMinusOne,
    Log,
    LogPlusOne,
    Logistic,
    Tanh,
    Sqrt,
    Rsqrt,
    Cbrt,
    Sine,
    Cosine,
    Tan,
    Floor,
    Ceil,
    RoundNearestEven,
    RoundNearestAfz,
    IsFinite,
    Convert,
    BitcastConvert,
    ReducePrecision,
    PopulationCount,
    CountLeadingZeros,
    Real,
    Imag,
    Complex,
    /// A `chlo` elementwise op (square, erf, erf_inv, lgamma, digamma, sinh, ...), named.
    Chlo(&'static str),
}

impl ElementwiseOp {
    /// How many operands the op takes: 1, 2 or 3 (`select`, `clamp`); `None` for a `chlo` op, whose
    /// arity this crate does not record.
    pub fn arity(&self) -> Option<usize> {
        use ElementwiseOp as E;
        match self {
            E::Add
            | E::Subtract
            | E::Multiply
            | E::Divide
            | E::Remainder
            | E::Maximum
            | E::Minimum
            | E::Power
            | E::Atan2
            | E::And
            | E::Or
            | E::Xor
            | E::ShiftLeft
            | E::ShiftRightArithmetic
            | E::ShiftRightLogical
            | E::Compare(_)
            | E::Complex => Some(2),
            E::Select | E::Clamp => Some(3),
            E::Chlo(_) => None,
            _ => Some(1),
        }
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
