//! The module: values and ops in arenas indexed by typed ids, the entry function flattened (calls inlined),
//! and the source text with the spans a writer needs to add attributes without reprinting.

use crate::ids::{CallSiteId, OpId, ValueId};
use crate::op::OpKind;
use crate::span::Span;
use crate::types::Type;
use cranelift_entity::PrimaryMap;

/// How a value is defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Argument `index` of the entry function.
    Arg(u32),
    /// Result `index` of an op.
    Result(OpId, u32),
    /// Argument `index` of a block of a region of `op` (a while body, a reduction body, ...).
    BlockArg(OpId, u32),
}

/// A value.
#[derive(Clone, Debug)]
pub struct ValueData {
    /// Type.
    pub ty: Type,
    /// Where it is defined.
    pub def: ValueDef,
    /// Its name in the source (`%3`, `%0#1`, `%arg2`).
    pub name: String,
}

/// A region of an op: blocks of ops, kept as they are (not flattened into the program).
#[derive(Clone, Debug, Default)]
pub struct Region {
    /// Blocks in order (StableHLO regions have one).
    pub blocks: Vec<Block>,
}

/// A block: arguments and ops in order (the last is the terminator).
#[derive(Clone, Debug, Default)]
pub struct Block {
    /// Block arguments.
    pub args: Vec<ValueId>,
    /// Ops in order.
    pub ops: Vec<OpId>,
}

/// Where an op's text is and where attributes go.
#[derive(Clone, Debug, Default)]
pub struct OpSyntax {
    /// The whole op, from its results to its location.
    pub span: Span,
    /// The op name.
    pub name: Span,
    /// The `:` that starts the op's type signature, before which a pretty op's attribute dictionary sits.
    pub sig_colon: Option<Span>,
    /// The op's existing attribute dictionary `{...}`, if any.
    pub attr_dict: Option<Span>,
    /// The span of each result name (`%3`) on the left of `=`; for a `%0:2` group, the group.
    pub results: Span,
    /// The span of each operand use (`%2`, `%0#1`), in the order of the op's operands.
    pub operands: Vec<Span>,
}

/// An op.
#[derive(Clone, Debug)]
pub struct OpData {
    /// Kind and attributes.
    pub kind: OpKind,
    /// Full op name (`stablehlo.dot_general`).
    pub name: String,
    /// Operands.
    pub operands: Vec<ValueId>,
    /// Results.
    pub results: Vec<ValueId>,
    /// Regions (while/case/reduce bodies), kept intact.
    pub regions: Vec<Region>,
    /// Values from outside the op that its regions use (implicit operands).
    pub captures: Vec<ValueId>,
    /// The op containing this one, for ops inside regions.
    pub parent: Option<OpId>,
    /// The innermost inlined call this op came through, if it came from a called function.
    pub inlined_at: Option<CallSiteId>,
    /// The location name JAX gave (`jit(f)/dot_general`), resolved through `#loc` aliases; for an op
    /// inlined from a called function, after its call's (`jit(f)/closed_call/dot_general`), as XLA
    /// names it.
    pub loc: Option<String>,
    /// Where the op is in the source (of the function that defines it).
    pub syntax: OpSyntax,
}

/// An inlined `func.call`.
#[derive(Clone, Debug)]
pub struct CallSite {
    /// Callee symbol, without `@`.
    pub callee: String,
    /// The call op's text.
    pub span: Span,
    /// The call site this one is nested in.
    pub parent: Option<CallSiteId>,
    /// The call's location name, after those of the calls it is nested in
    /// (`jit(step)/while/body/closed_call`): the prefix of the names of the ops inlined through it.
    pub loc: Option<String>,
}

/// A function argument or result with the spans the writer needs.
#[derive(Clone, Debug)]
pub struct Port {
    /// Its type.
    pub ty: Type,
    /// The type's text.
    pub ty_span: Span,
    /// The existing attribute dictionary, if any.
    pub attr_dict: Option<Span>,
    /// The name JAX gave it (`loc("params['w1']")` on an argument, `jax.result_info` on a result).
    pub name: Option<String>,
    /// For an argument donated to the function (`tf.aliasing_output = j`, from JAX's `donate_argnums`):
    /// the result `j` that reuses its buffer, so that both have one sharding and one buffer.
    pub aliased_result: Option<usize>,
}

/// A function of the source module (the entry function's body is flattened into [`Module::body`]).
#[derive(Clone, Debug)]
pub struct FunctionInfo {
    /// Symbol name, without `@`.
    pub name: String,
    /// `public` unless marked `private`.
    pub public: bool,
    /// Arguments.
    pub args: Vec<Port>,
    /// Results.
    pub results: Vec<Port>,
    /// The whole function's text.
    pub span: Span,
}

/// Something the importer noticed that the user should know (an opaque op, say), with its location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// Where.
    pub span: Span,
    /// What.
    pub message: String,
}

/// Where a function copied so that every call has its own (`per_call`) is in the module's source, and
/// the line of the function it copies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    /// The name of the function copied (without `@`).
    pub of: String,
    /// The copy's text.
    pub text: Span,
    /// The line the function it copies starts on (the original stays for its first call, on the line the
    /// user's file has it).
    pub from_line: usize,
}

/// A mesh the module declares: `sdy.mesh @name = <["x"=8, "y"=4]>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeshDecl {
    /// Its symbol, without `@`.
    pub name: String,
    /// Its axes, major to minor: name and size.
    pub axes: Vec<(String, i64)>,
    /// The declaration's text.
    pub span: Span,
}

/// A parsed StableHLO module: the entry function as a flat program.
#[derive(Clone, Debug)]
pub struct Module {
    /// The original text, byte for byte.
    pub source: String,
    /// `module @name`, if named.
    pub name: Option<String>,
    /// Was it printed in MLIR's generic op form?
    pub generic_form: bool,
    /// The value of the module's `mhlo.num_partitions` attribute (the integer literal's span), which
    /// XLA reads as the number of devices the module is partitioned over; `None` when there is none.
    pub num_partitions: Option<Span>,
    /// Every value.
    pub values: PrimaryMap<ValueId, ValueData>,
    /// Every op, including those inside regions.
    pub ops: PrimaryMap<OpId, OpData>,
    /// Inlined call sites.
    pub call_sites: PrimaryMap<CallSiteId, CallSite>,
    /// The functions of the source module, entry first.
    pub functions: Vec<FunctionInfo>,
    /// The entry function's arguments, as values.
    pub args: Vec<ValueId>,
    /// The top-level program of the entry function in order, calls inlined, terminators excluded.
    pub body: Vec<OpId>,
    /// The values the entry function returns.
    pub returns: Vec<ValueId>,
    /// Import warnings.
    pub warnings: Vec<Warning>,
    /// The functions copied so that every call has its own (by `per_call`); empty for a module as read.
    pub copies: Vec<Copied>,
    /// The meshes the module declares (`sdy.mesh @mesh = <["x"=8, ...]>`, as `jax.shard_map` writes).
    pub meshes: Vec<MeshDecl>,
    /// Where the source's lines start, for [`Module::op_location`].
    pub(crate) lines: crate::span::LineIndex,
}

impl Module {
    /// The entry function (`main`, else the only public function).
    pub fn entry(&self) -> &FunctionInfo {
        &self.functions[0]
    }

    /// Type of a value.
    pub fn ty(&self, v: ValueId) -> &Type {
        &self.values[v].ty
    }

    /// Ops of the whole program, top level and inside regions, that are opaque.
    pub fn opaque_ops(&self) -> impl Iterator<Item = (OpId, &OpData)> {
        self.ops.iter().filter(|(_, op)| op.kind.is_opaque())
    }

    /// Line:column of an op in the source; for an op in a copied function, in the function it was
    /// copied from (the lines the user's file has).
    pub fn op_location(&self, op: OpId) -> crate::span::LineCol {
        let at = self.ops[op].syntax.span.start;
        let here = self.lines.line_col(&self.source, at as usize);
        match self.copy_at(at) {
            None => here,
            Some(c) => {
                let copy = self.lines.line_col(&self.source, c.text.start as usize).line;
                crate::span::LineCol { line: c.from_line + (here.line - copy), col: here.col }
            }
        }
    }

    /// The copied function whose text holds byte `at` of the source, if any (the copies follow one
    /// another in the source, so a binary search finds it).
    pub fn copy_at(&self, at: u32) -> Option<&Copied> {
        let i = self.copies.partition_point(|c| c.text.end <= at);
        self.copies.get(i).filter(|c| c.text.start <= at)
    }

    /// Is `op`'s text its own: written in the entry function, or inlined from a function called once
    /// (every call of a function called more than once shares its text, which can carry one sharding)?
    pub fn sole_text(&self, op: OpId) -> bool {
        match self.ops[op].inlined_at {
            None => true,
            Some(c) => {
                let callee = &self.call_sites[c].callee;
                self.call_sites.values().filter(|s| &s.callee == callee).take(2).count() == 1
            }
        }
    }

    /// The call chain an op was inlined through, innermost first (callee names).
    pub fn call_chain(&self, op: OpId) -> Vec<&str> {
        let mut out = Vec::new();
        let mut cur = self.ops[op].inlined_at;
        while let Some(c) = cur {
            out.push(self.call_sites[c].callee.as_str());
            cur = self.call_sites[c].parent;
        }
        out
    }
}
