//! From the syntactic layer to [`Module`]: name resolution, types, op kinds, and `func.call` inlining.

use super::attr::{Attr, AttrError, Cursor, unescape};
use super::kinds::{self, KindResult, OpCtx};
use super::lexer::{Tok, Token};
use super::syntax::{SynArg, SynFile, SynOp};
use crate::error::ParseError;
use crate::ids::{CallSiteId, OpId, ValueId};
use crate::module::{Block, Module, OpData, OpSyntax, Port, Region, ValueData, ValueDef, Warning};
use crate::op::OpKind;
use crate::span::Span;
use crate::types::Type;
use cranelift_entity::PrimaryMap;
use std::collections::HashMap;

mod header;
mod region;

use header::{FuncDef, aliasing_output};

/// Deepest chain of nested calls inlined (deeper means recursion).
const MAX_CALL_DEPTH: usize = 64;

/// Builds a [`Module`] from a parsed file.
pub struct Builder<'a> {
    src: &'a str,
    toks: &'a [Token],
    aliases: HashMap<&'a str, (usize, usize)>,
    m: Module,
    scopes: Vec<HashMap<String, ValueId>>,
    call_depth: usize,
}

type R<T> = Result<T, ParseError>;

/// An op's type signature: inputs, and outputs when an arrow gives them.
type Signature = (Vec<Type>, Option<Vec<Type>>);

impl<'a> Builder<'a> {
    /// A builder over the tokens of `src`.
    pub fn new(src: &'a str, toks: &'a [Token], file: &SynFile) -> Builder<'a> {
        let aliases = file.aliases.iter().map(|a| (toks[a.name].text(src), a.value)).collect();
        let m = Module {
            source: src.to_string(),
            name: None,
            generic_form: false,
            num_partitions: None,
            values: PrimaryMap::new(),
            ops: PrimaryMap::new(),
            call_sites: PrimaryMap::new(),
            functions: Vec::new(),
            args: Vec::new(),
            body: Vec::new(),
            returns: Vec::new(),
            warnings: Vec::new(),
            copies: Vec::new(),
            meshes: Vec::new(),
            lines: crate::span::LineIndex::new(src),
        };
        Builder { src, toks, aliases, m, scopes: Vec::new(), call_depth: 0 }
    }

    fn err_tok(&self, tok: usize, msg: impl Into<String>) -> ParseError {
        let off = self.toks.get(tok).map_or(self.src.len(), |t| t.span.start as usize);
        ParseError::new(self.src, off, msg)
    }

    fn err_at(&self, offset: usize, msg: impl Into<String>) -> ParseError {
        ParseError::new(self.src, offset, msg)
    }

    fn text(&self, tok: usize) -> &'a str {
        self.toks.get(tok).map_or("", |t| t.text(self.src))
    }

    fn op_name(&self, op: &SynOp) -> String {
        let t = self.toks[op.name_tok];
        match t.tok {
            Tok::Str => unescape(t.text(self.src)),
            _ => t.text(self.src).to_string(),
        }
    }

    fn attr_err(&self, toks: &[Token], e: AttrError) -> ParseError {
        let off = toks.get(e.at).or(toks.last()).map_or(self.src.len(), |t| t.span.start as usize);
        ParseError::new(self.src, off, e.message)
    }

    /// Build the module.
    pub fn build(mut self, file: &'a SynFile) -> R<Module> {
        // The module op, or bare functions at the top level.
        let mut top: Vec<&'a SynOp> = Vec::new();
        for op in &file.ops {
            let name = self.op_name(op);
            if name == "module" || name == "builtin.module" {
                self.m.generic_form |= name == "builtin.module";
                self.m.name = self.module_name(op);
                self.m.num_partitions = self.num_partitions(op);
                let region = op.regions.first().ok_or_else(|| self.err_tok(op.name_tok, "module has no body"))?;
                top.extend(region.blocks.iter().flat_map(|b| b.ops.iter()));
            } else {
                top.push(op);
            }
        }
        let mut funcs: Vec<FuncDef<'a>> = Vec::new();
        for op in top {
            let name = self.op_name(op);
            match name.as_str() {
                "func.func" => {
                    let f = if self.toks[op.name_tok].tok == Tok::Str {
                        self.generic_func(op)?
                    } else {
                        self.pretty_func(op)?
                    };
                    if funcs.iter().any(|g| g.info.name == f.info.name) {
                        return Err(self.err_tok(op.name_tok, format!("function @{} is defined twice", f.info.name)));
                    }
                    funcs.push(f);
                }
                "sdy.mesh" => {
                    let decl = self.mesh_decl(op);
                    self.m.meshes.push(decl);
                }
                _ => self.m.warnings.push(Warning { span: op.span, message: format!("top-level op '{name}' ignored") }),
            }
        }
        let entry = funcs
            .iter()
            .position(|f| f.info.name == "main")
            .or_else(|| {
                let public: Vec<usize> =
                    funcs.iter().enumerate().filter(|(_, f)| f.info.public).map(|(i, _)| i).collect();
                (public.len() == 1).then(|| public[0])
            })
            .ok_or_else(|| self.err_at(0, "no entry function: expected @main or exactly one public function"))?;
        let entry_def = funcs.remove(entry);
        funcs.insert(0, entry_def);
        self.m.functions = funcs.iter().map(|f| f.info.clone()).collect();

        // The entry function's arguments and body.
        let f = &funcs[0];
        let mut scope = HashMap::new();
        for (i, (name, port)) in f.arg_names.iter().zip(&f.info.args).enumerate() {
            let v =
                self.m.values.push(ValueData { ty: port.ty.clone(), def: ValueDef::Arg(i as u32), name: name.clone() });
            self.m.args.push(v);
            scope.insert(name.clone(), v);
        }
        self.scopes.push(scope);
        let block = f.body.blocks.first().ok_or_else(|| self.err_tok(f.at, "function has no body"))?;
        let mut body = Vec::new();
        let returns = self.build_block(&block.ops, &funcs, None, None, &mut body, false)?;
        self.m.body = body;
        self.m.returns = returns.ok_or_else(|| self.err_tok(f.at, "the entry function has no return"))?;
        self.scopes.pop();
        if self.m.returns.len() != f.info.results.len() {
            return Err(self.err_tok(
                f.at,
                format!(
                    "the entry function returns {} values but declares {} results",
                    self.m.returns.len(),
                    f.info.results.len()
                ),
            ));
        }
        self.compute_captures();
        Ok(self.m)
    }

    fn tok_span(&self, start: usize, end: usize) -> Span {
        let s = self.toks.get(start).map_or(0, |t| t.span.start as usize);
        let e = end.checked_sub(1).and_then(|i| self.toks.get(i)).map_or(s, |t| t.span.end as usize);
        Span::new(s, e.max(s))
    }

    fn port(&self, a: &SynArg) -> R<Port> {
        let mut c = Cursor { src: self.src, toks: &self.toks[..a.ty.1], pos: a.ty.0 };
        let ty = c.ty().map_err(|e| self.attr_err(self.toks, e))?;
        let name = a.loc.and_then(|(s, e)| self.loc_name(s, e, 0));
        let mut aliased_result = None;
        if let Some((s, e)) = a.attrs {
            let mut d = Cursor { src: self.src, toks: &self.toks[..e], pos: s };
            let dict = d.dict().map_err(|err| self.attr_err(self.toks, err))?;
            aliased_result = aliasing_output(&dict);
        }
        Ok(Port {
            ty,
            ty_span: self.tok_span(a.ty.0, a.ty.1),
            attr_dict: a.attrs.map(|(s, e)| self.tok_span(s, e)),
            name,
            aliased_result,
        })
    }

    /// The name in a `loc(...)` token range, following `#loc` aliases: `loc("name"(...))` → name.
    fn loc_name(&self, start: usize, end: usize, depth: usize) -> Option<String> {
        if depth > 32 {
            return None;
        }
        let t = &self.toks[start..end];
        // t = [loc, (, ..., )]
        let first = t.get(2)?;
        match first.tok {
            Tok::Str => {
                // `"file":line:col` is a file location, not a name.
                if t.get(3).is_some_and(|n| n.is(b':')) {
                    return None;
                }
                Some(unescape(first.text(self.src)))
            }
            Tok::HashId => {
                let (s, e) = *self.aliases.get(first.text(self.src))?;
                self.loc_name(s, e, depth + 1)
            }
            Tok::Ident if first.text(self.src) == "callsite" => {
                let inner = t.get(4)?;
                match inner.tok {
                    Tok::HashId => {
                        let (s, e) = *self.aliases.get(inner.text(self.src))?;
                        self.loc_name(s, e, depth + 1)
                    }
                    Tok::Str => Some(unescape(inner.text(self.src))),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The generic form's `<{...}>` properties and any `{...}` attribute dictionary at depth 0 of `head`.
    fn generic_props(&self, head: &[Token]) -> R<Vec<(String, Attr)>> {
        let mut out = Vec::new();
        let mut depth = 0i32;
        let mut i = 0;
        while i < head.len() {
            let t = head[i];
            if depth == 0 && t.is(b'<') && head.get(i + 1).is_some_and(|n| n.is(b'{')) {
                let mut c = Cursor { src: self.src, toks: head, pos: i + 1 };
                if let Attr::Dict(kv) = c.dict().map_err(|e| self.attr_err(head, e))? {
                    out.extend(kv);
                }
                i = c.pos + 1;
                continue;
            }
            if depth == 0 && t.is(b'{') && !head.get(i.wrapping_sub(1)).is_some_and(|p| p.is(b'=')) {
                let mut c = Cursor { src: self.src, toks: head, pos: i };
                if let Attr::Dict(kv) = c.dict().map_err(|e| self.attr_err(head, e))? {
                    out.extend(kv);
                }
                i = c.pos;
                continue;
            }
            match t.tok {
                Tok::Punct(b'(' | b'[' | b'{' | b'<') => depth += 1,
                Tok::Punct(b')' | b']' | b'}' | b'>') => depth -= 1,
                _ => {}
            }
            i += 1;
        }
        Ok(out)
    }

    fn lookup(&self, tok: Token) -> R<ValueId> {
        let name = tok.text(self.src);
        for s in self.scopes.iter().rev() {
            if let Some(&v) = s.get(name) {
                return Ok(v);
            }
        }
        Err(self.err_at(tok.span.start as usize, format!("use of undefined value {name}")))
    }

    fn define(&mut self, name: String, v: ValueId) {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name, v);
        }
    }

    /// Build the ops of a block into `out`. Returns the operands of its terminator, if it has one.
    fn build_block(
        &mut self,
        ops: &'a [SynOp],
        funcs: &[FuncDef<'a>],
        parent: Option<OpId>,
        inlined_at: Option<CallSiteId>,
        out: &mut Vec<OpId>,
        keep_terminator: bool,
    ) -> R<Option<Vec<ValueId>>> {
        let mut returned = None;
        for op in ops {
            if returned.is_some() {
                return Err(self.err_tok(op.name_tok, "op after the block's terminator"));
            }
            let name = self.op_name(op);
            let head_end = self.sig_index(op);
            let head: Vec<Token> = op.body[..head_end].iter().map(|&i| self.toks[i]).collect();
            match name.as_str() {
                "func.call" | "call" => self.inline_call(op, &head, funcs, parent, inlined_at, out)?,
                "func.return" | "return" | "stablehlo.return" | "mhlo.return" | "sdy.return" => {
                    let uses = self.operand_uses(op, &head)?;
                    let operands = uses.iter().map(|u| u.0).collect();
                    if keep_terminator {
                        let id = self.push_op(op, name, OpKind::Return, uses, parent, inlined_at);
                        out.push(id);
                    }
                    returned = Some(operands);
                }
                _ => {
                    let id = self.build_op(op, name, &head, funcs, parent, inlined_at)?;
                    out.push(id);
                }
            }
        }
        Ok(returned)
    }

    /// Index in `op.body` of the signature colon (first `:` at depth 0), or the body length.
    fn sig_index(&self, op: &SynOp) -> usize {
        let mut depth = 0i32;
        for (k, &i) in op.body.iter().enumerate() {
            match self.toks[i].tok {
                Tok::Punct(b'(' | b'[' | b'{' | b'<') => depth += 1,
                Tok::Punct(b')' | b']' | b'}' | b'>') => depth -= 1,
                Tok::Punct(b':') if depth == 0 => return k,
                _ => {}
            }
        }
        op.body.len()
    }

    /// The signature's types: (inputs, outputs if an arrow was given).
    fn signature(&self, op: &SynOp) -> R<Option<Signature>> {
        let k = self.sig_index(op);
        if k >= op.body.len() {
            return Ok(None);
        }
        // The signature runs to the first continuation keyword at depth 0 (`cond`, `reducer`).
        let mut end = op.body.len();
        let mut depth = 0i32;
        for (j, &i) in op.body.iter().enumerate().skip(k + 1) {
            let t = self.toks[i];
            match t.tok {
                Tok::Punct(b'(' | b'[' | b'{' | b'<') => depth += 1,
                Tok::Punct(b')' | b']' | b'}' | b'>') => depth -= 1,
                Tok::Ident if depth == 0 && matches!(t.text(self.src), "cond" | "do" | "reducer") => {
                    end = j;
                    break;
                }
                _ => {}
            }
        }
        let toks: Vec<Token> = op.body[k + 1..end].iter().map(|&i| self.toks[i]).collect();
        if toks.is_empty() {
            return Err(self.err_tok(op.body[k], "expected a type signature after ':'"));
        }
        let mut c = Cursor::new(self.src, &toks);
        let sig = c.signature().map_err(|e| self.attr_err(&toks, e))?;
        if c.pos < toks.len() {
            return Err(
                self.attr_err(&toks, c.error(format!("unexpected '{}' after the type signature", c.peek_text())))
            );
        }
        Ok(Some(sig))
    }

    /// Operand uses: the first parenthesized group of a generic op; otherwise every `%value` in the head
    /// that is not being defined (`%iterArg = ...`).
    fn operands(&self, op: &SynOp, head: &[Token]) -> R<Vec<ValueId>> {
        Ok(self.operand_uses(op, head)?.into_iter().map(|(v, _)| v).collect())
    }

    /// [`Self::operands`] with the span of each use.
    fn operand_uses(&self, op: &SynOp, head: &[Token]) -> R<Vec<(ValueId, Span)>> {
        let generic = self.toks[op.name_tok].tok == Tok::Str;
        let mut out = Vec::new();
        if generic {
            if !head.first().is_some_and(|t| t.is(b'(')) {
                return Err(self.err_tok(op.name_tok, "expected '(' and the operands after a generic op name"));
            }
            for t in &head[1..] {
                if t.is(b')') {
                    break;
                }
                if t.tok == Tok::Value {
                    out.push((self.lookup(*t)?, t.span));
                }
            }
            return Ok(out);
        }
        // `sdy.manual_computation(%a, %b) in_shardings=... (%arg0: T, ...)`: the operands are the first
        // group; the second names the body's block arguments.
        let first_group = self.op_name(op) == "sdy.manual_computation";
        let mut inits = Vec::new();
        let mut depth = 0i32;
        for (j, t) in head.iter().enumerate() {
            if first_group {
                if t.is(b'(') {
                    depth += 1;
                } else if t.is(b')') {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
            if t.tok != Tok::Value || head.get(j + 1).is_some_and(|n| n.is(b'=')) {
                continue;
            }
            // `reduce(%x init: %c)`: init values come after all inputs.
            let is_init = j >= 2 && head[j - 1].is(b':') && head[j - 2].text(self.src) == "init";
            let v = (self.lookup(*t)?, t.span);
            if is_init { inits.push(v) } else { out.push(v) }
        }
        out.extend(inits);
        Ok(out)
    }

    fn push_op(
        &mut self,
        op: &SynOp,
        name: String,
        kind: OpKind,
        uses: Vec<(ValueId, Span)>,
        parent: Option<OpId>,
        inlined_at: Option<CallSiteId>,
    ) -> OpId {
        let (operands, spans): (Vec<ValueId>, Vec<Span>) = uses.into_iter().unzip();
        let syntax = OpSyntax { operands: spans, ..self.op_syntax(op) };
        let loc = self.inlined_name(inlined_at, op.loc.and_then(|(s, e)| self.loc_name(s, e, 0)));
        self.m.ops.push(OpData {
            kind,
            name,
            operands,
            results: Vec::new(),
            regions: Vec::new(),
            captures: Vec::new(),
            parent,
            inlined_at,
            loc,
            syntax,
        })
    }

    /// The name of an op (or call) with location name `own`, inlined through `site`: the call's name,
    /// `/`, its own, as XLA composes them.
    fn inlined_name(&self, site: Option<CallSiteId>, own: Option<String>) -> Option<String> {
        match (site.and_then(|c| self.m.call_sites[c].loc.as_deref()), own) {
            (Some(prefix), Some(own)) => Some(format!("{prefix}/{own}")),
            (_, own) => own,
        }
    }

    fn op_syntax(&self, op: &SynOp) -> OpSyntax {
        let k = self.sig_index(op);
        let sig_colon = op.body.get(k).map(|&i| self.toks[i].span);
        let mut attr_dict = None;
        if k > 0 && k <= op.body.len() && self.toks[op.body[k - 1]].is(b'}') {
            // Walk back to the matching `{`.
            let mut depth = 0i32;
            for j in (0..k).rev() {
                let t = self.toks[op.body[j]];
                match t.tok {
                    Tok::Punct(b')' | b']' | b'}' | b'>') => depth += 1,
                    Tok::Punct(b'(' | b'[' | b'{' | b'<') => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    let before = j.checked_sub(1).map(|p| self.toks[op.body[p]]);
                    if !before.is_some_and(|b| b.is(b'=') || b.is(b'<')) {
                        attr_dict = Some(t.span.to(self.toks[op.body[k - 1]].span));
                    }
                    break;
                }
            }
        }
        let results = match (op.results.first(), op.results.last()) {
            (Some(a), Some(b)) => self.toks[a.tok].span.to(self.toks[b.tok].span),
            _ => Span::at(op.span.start as usize),
        };
        OpSyntax {
            span: op.span,
            name: self.toks[op.name_tok].span,
            sig_colon,
            attr_dict,
            results,
            operands: Vec::new(),
        }
    }

    fn result_types(&self, op: &SynOp, count: usize) -> R<Vec<Type>> {
        let Some((ins, outs)) = self.signature(op)? else {
            if count == 0 {
                return Ok(Vec::new());
            }
            return Err(self.err_tok(op.name_tok, "expected ':' and the op's type signature"));
        };
        let types = match outs {
            Some(outs) => outs,
            None if ins.len() == count => ins,
            None if count == 1 => ins.last().cloned().into_iter().collect(),
            None => ins,
        };
        if types.len() != count {
            return Err(self.err_tok(
                op.name_tok,
                format!("the op names {count} results but its signature gives {} types", types.len()),
            ));
        }
        Ok(types)
    }

    fn result_count(op: &SynOp) -> usize {
        op.results.iter().map(|g| g.count).sum()
    }

    fn define_results(&mut self, op: &SynOp, id: OpId, types: Vec<Type>) {
        let mut idx = 0u32;
        let mut results = Vec::new();
        let mut types = types.into_iter();
        for g in &op.results {
            let base = self.toks[g.tok].text(self.src).to_string();
            for j in 0..g.count {
                let ty = types.next().unwrap_or(Type::Other(String::new()));
                let name = if g.count == 1 { base.clone() } else { format!("{base}#{j}") };
                let v = self.m.values.push(ValueData { ty, def: ValueDef::Result(id, idx), name: name.clone() });
                if g.count == 1 {
                    self.define(format!("{base}#0"), v);
                }
                self.define(name, v);
                results.push(v);
                idx += 1;
            }
        }
        self.m.ops[id].results = results;
    }

    fn build_op(
        &mut self,
        op: &'a SynOp,
        name: String,
        head: &[Token],
        funcs: &[FuncDef<'a>],
        parent: Option<OpId>,
        inlined_at: Option<CallSiteId>,
    ) -> R<OpId> {
        let uses = self.operand_uses(op, head)?;
        let count = Self::result_count(op);
        let types = self.result_types(op, count)?;
        let id = self.push_op(op, name.clone(), OpKind::Opaque, uses, parent, inlined_at);
        self.define_results(op, id, types);

        // Regions: block arguments from `^bb(...)` headers, or from the pretty form of while/reduce.
        let pretty_args = self.pretty_region_args(op)?;
        let mut regions = Vec::new();
        let mut region_kinds = Vec::new();
        for (r, region) in op.regions.iter().enumerate() {
            let mut built = Region::default();
            for (b, block) in region.blocks.iter().enumerate() {
                self.scopes.push(HashMap::new());
                let mut args = Vec::new();
                let arg_list: Vec<(String, Type)> = if !block.args.is_empty() || b > 0 {
                    block
                        .args
                        .iter()
                        .map(|a| self.port(a).map(|p| (self.text(a.name).to_string(), p.ty)))
                        .collect::<R<_>>()?
                } else {
                    pretty_args.get(r).cloned().unwrap_or_default()
                };
                for (name, ty) in arg_list {
                    let v = self.m.values.push(ValueData {
                        ty,
                        def: ValueDef::BlockArg(id, args.len() as u32),
                        name: name.clone(),
                    });
                    self.define(name, v);
                    args.push(v);
                }
                let mut ops = Vec::new();
                self.build_block(&block.ops, funcs, Some(id), inlined_at, &mut ops, true)?;
                self.scopes.pop();
                if b == 0 {
                    region_kinds.push(self.region_kind(&args, &ops));
                }
                built.blocks.push(Block { args, ops });
            }
            regions.push(built);
        }
        self.m.ops[id].regions = regions;

        // Kind.
        let attrs = self.generic_props(head)?;
        let operand_types: Vec<Type> = self.m.ops[id].operands.iter().map(|&v| self.m.values[v].ty.clone()).collect();
        let cx = OpCtx {
            name: &name,
            src: self.src,
            head,
            attrs: &attrs,
            operand_types: operand_types.iter().collect(),
            region_kinds,
        };
        let kind = match kinds::op_kind(&cx).map_err(|e| {
            if e.at == 0 && !head.is_empty() && e.message.contains("is missing") {
                self.err_tok(op.name_tok, e.message)
            } else {
                self.attr_err(head, e)
            }
        })? {
            KindResult::Kind(k) => *k,
            KindResult::Unknown => {
                self.m.warnings.push(Warning {
                    span: self.toks[op.name_tok].span,
                    message: format!("op '{name}' is not modelled: imported as opaque and kept replicated"),
                });
                OpKind::Opaque
            }
            KindResult::Unsupported(why) => {
                self.m.warnings.push(Warning {
                    span: self.toks[op.name_tok].span,
                    message: format!("{why}: imported as opaque and kept replicated"),
                });
                OpKind::Opaque
            }
        };
        self.m.ops[id].kind = kind;
        Ok(id)
    }
}
