//! Regions: the block arguments of pretty regions, what a reduction's body computes, `func.call`
//! inlined, and the values a region captures from outside it.

use super::header::FuncDef;
use super::{Builder, MAX_CALL_DEPTH, R};
use crate::ids::{CallSiteId, OpId, ValueId};
use crate::module::{CallSite, ValueDef};
use crate::op::ReduceKind;
use crate::parse::attr::Cursor;
use crate::parse::kinds;
use crate::parse::lexer::{Tok, Token};
use crate::parse::syntax::SynOp;
use crate::types::Type;

impl<'a> Builder<'a> {
    /// Block arguments of pretty regions: `while(%iterArg = %x, ...)` gives each region the iteration
    /// arguments; `reducer(%a: T, %b: T) (%c: U, %d: U)` gives the reduce body (accumulators, then inputs).
    pub(super) fn pretty_region_args(&self, op: &SynOp) -> R<Vec<Vec<(String, Type)>>> {
        if self.toks[op.name_tok].tok == Tok::Str || op.regions.is_empty() {
            return Ok(Vec::new());
        }
        let body: Vec<Token> = op.body.iter().map(|&i| self.toks[i]).collect();
        let name = self.op_name(op);
        if name.ends_with(".while") {
            let names: Vec<String> = body
                .iter()
                .enumerate()
                .filter(|(j, t)| t.tok == Tok::Value && body.get(j + 1).is_some_and(|n| n.is(b'=')))
                .map(|(_, t)| t.text(self.src).to_string())
                .collect();
            let types = self.signature(op)?.map(|(ins, _)| ins).unwrap_or_default();
            if names.len() != types.len() {
                return Err(self.err_tok(
                    op.name_tok,
                    format!("while has {} iteration arguments but {} types", names.len(), types.len()),
                ));
            }
            let args: Vec<(String, Type)> = names.into_iter().zip(types).collect();
            return Ok(vec![args; op.regions.len()]);
        }
        if name == "sdy.manual_computation" {
            // `manual_axes={...} (%arg: T loc(..), ...)`: the body's arguments, the operands' shards.
            let Some(r) = body.iter().position(|t| t.tok == Tok::Ident && t.text(self.src) == "manual_axes") else {
                return Err(self.err_tok(op.name_tok, "sdy.manual_computation without manual_axes"));
            };
            let mut c = Cursor { src: self.src, toks: &body, pos: r + 2 };
            c.skip_group().map_err(|e| self.attr_err(&body, e))?;
            if !c.eat(b'(') {
                return Ok(vec![Vec::new()]);
            }
            return Ok(vec![self.typed_args(op, &body, &mut c)?]);
        }
        if let Some(r) = body.iter().position(|t| t.tok == Tok::Ident && t.text(self.src) == "reducer") {
            // Groups of `(%a: T, %b: T)`, one per input.
            let mut groups: Vec<Vec<(String, Type)>> = Vec::new();
            let mut c = Cursor { src: self.src, toks: &body, pos: r + 1 };
            while c.eat(b'(') {
                groups.push(self.typed_args(op, &body, &mut c)?);
            }
            let mut args = Vec::new();
            for j in 0..groups.iter().map(Vec::len).max().unwrap_or(0) {
                for g in &groups {
                    if let Some(a) = g.get(j) {
                        args.push(a.clone());
                    }
                }
            }
            return Ok(vec![args]);
        }
        Ok(Vec::new())
    }

    /// `%a: T loc(..), %b: U)` after an opening parenthesis: the names and types, through the closing one.
    pub(super) fn typed_args(&self, op: &SynOp, body: &[Token], c: &mut Cursor<'_>) -> R<Vec<(String, Type)>> {
        let mut g = Vec::new();
        if c.eat(b')') {
            return Ok(g);
        }
        loop {
            let t = c.peek().ok_or_else(|| self.err_tok(op.name_tok, "unterminated region arguments"))?;
            if t.tok != Tok::Value {
                return Err(self.attr_err(body, c.error("expected a region argument")));
            }
            c.pos += 1;
            c.expect(b':').map_err(|e| self.attr_err(body, e))?;
            let ty = c.ty().map_err(|e| self.attr_err(body, e))?;
            if c.at_word("loc") {
                c.pos += 1;
                c.skip_group().map_err(|e| self.attr_err(body, e))?;
            }
            g.push((t.text(self.src).to_string(), ty));
            if c.eat(b')') {
                break;
            }
            c.expect(b',').map_err(|e| self.attr_err(body, e))?;
        }
        Ok(g)
    }

    /// What a reduction body computes: one binary op of both arguments, or returning the second
    /// argument (replace).
    pub(super) fn region_kind(&self, args: &[ValueId], ops: &[OpId]) -> ReduceKind {
        let Some((&ret, body)) = ops.split_last() else { return ReduceKind::Other };
        let ret = &self.m.ops[ret];
        if ret.operands.len() != 1 {
            return ReduceKind::Other;
        }
        match body {
            [] if args.len() == 2 && ret.operands[0] == args[1] => ReduceKind::Replace,
            [one] => {
                let o = &self.m.ops[*one];
                if o.results.first() == Some(&ret.operands[0])
                    && o.operands.len() == 2
                    && o.operands.iter().all(|v| args.contains(v))
                {
                    kinds::reduction_of(&o.name)
                } else {
                    ReduceKind::Other
                }
            }
            _ => ReduceKind::Other,
        }
    }

    pub(super) fn inline_call(
        &mut self,
        op: &'a SynOp,
        head: &[Token],
        funcs: &[FuncDef<'a>],
        parent: Option<OpId>,
        inlined_at: Option<CallSiteId>,
        out: &mut Vec<OpId>,
    ) -> R<()> {
        let sym = op
            .body
            .iter()
            .map(|&i| self.toks[i])
            .find(|t| t.tok == Tok::Symbol)
            .ok_or_else(|| self.err_tok(op.name_tok, "call without a @callee"))?;
        let callee = sym.text(self.src).trim_start_matches('@').trim_matches('"').to_string();
        let f = funcs
            .iter()
            .find(|f| f.info.name == callee)
            .ok_or_else(|| self.err_at(sym.span.start as usize, format!("call to unknown function @{callee}")))?;
        let operands = self.operands(op, head)?;
        if operands.len() != f.arg_names.len() {
            return Err(self.err_tok(
                op.name_tok,
                format!("@{callee} takes {} arguments, the call passes {}", f.arg_names.len(), operands.len()),
            ));
        }
        if self.call_depth >= MAX_CALL_DEPTH {
            return Err(self
                .err_tok(op.name_tok, format!("calls nested deeper than {MAX_CALL_DEPTH} (is @{callee} recursive?)")));
        }
        let loc = self.inlined_name(inlined_at, op.loc.and_then(|(s, e)| self.loc_name(s, e, 0)));
        let site = self.m.call_sites.push(CallSite { callee: callee.clone(), span: op.span, parent: inlined_at, loc });
        // Functions are isolated from above: the callee sees only its arguments.
        let saved = std::mem::take(&mut self.scopes);
        self.scopes.push(f.arg_names.iter().cloned().zip(operands).collect());
        self.call_depth += 1;
        let block = f.body.blocks.first().ok_or_else(|| self.err_tok(f.at, "function has no body"))?;
        let ret = self.build_block(&block.ops, funcs, parent, Some(site), out, false);
        self.call_depth -= 1;
        self.scopes = saved;
        let ret = ret?.ok_or_else(|| self.err_tok(f.at, format!("@{callee} has no return")))?;
        let count = Self::result_count(op);
        if ret.len() != count {
            return Err(
                self.err_tok(op.name_tok, format!("@{callee} returns {} values, the call names {count}", ret.len()))
            );
        }
        let types = self.result_types(op, count)?;
        let mut k = 0;
        for g in &op.results {
            let base = self.toks[g.tok].text(self.src).to_string();
            for j in 0..g.count {
                let v = ret[k];
                if self.m.values[v].ty != types[k] {
                    return Err(self.err_tok(
                        op.name_tok,
                        format!("@{callee} returns {} where the call declares {}", self.m.values[v].ty, types[k]),
                    ));
                }
                if g.count == 1 {
                    self.define(format!("{base}#0"), v);
                    self.define(base.clone(), v);
                } else {
                    self.define(format!("{base}#{j}"), v);
                }
                k += 1;
            }
        }
        Ok(())
    }

    /// Values that ops inside regions use from outside their region op.
    pub(super) fn compute_captures(&mut self) {
        let region_ops: Vec<OpId> =
            self.m.ops.iter().filter(|(_, o)| !o.regions.is_empty()).map(|(id, _)| id).collect();
        for owner in region_ops {
            let mut stack: Vec<OpId> = self.m.ops[owner]
                .regions
                .iter()
                .flat_map(|r| r.blocks.iter().flat_map(|b| b.ops.iter().copied()))
                .collect();
            let mut captures: Vec<ValueId> = Vec::new();
            while let Some(o) = stack.pop() {
                for &v in &self.m.ops[o].operands {
                    if !self.defined_inside(v, owner) && !captures.contains(&v) {
                        captures.push(v);
                    }
                }
                stack.extend(
                    self.m.ops[o].regions.iter().flat_map(|r| r.blocks.iter().flat_map(|b| b.ops.iter().copied())),
                );
            }
            captures.sort();
            self.m.ops[owner].captures = captures;
        }
    }

    pub(super) fn defined_inside(&self, v: ValueId, owner: OpId) -> bool {
        let mut cur = match self.m.values[v].def {
            ValueDef::Arg(_) => return false,
            ValueDef::BlockArg(o, _) => Some(o),
            ValueDef::Result(o, _) => self.m.ops[o].parent,
        };
        while let Some(o) = cur {
            if o == owner {
                return true;
            }
            cur = self.m.ops[o].parent;
        }
        false
    }
}
