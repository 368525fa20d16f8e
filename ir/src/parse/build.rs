//! From the syntactic layer to [`Module`]: name resolution, types, op kinds, and `func.call` inlining.

use super::attr::{Attr, AttrError, Cursor, unescape};
use super::kinds::{self, KindResult, OpCtx};
use super::lexer::{Tok, Token};
use super::syntax::{SynArg, SynBlock, SynFile, SynOp, SynRegion};
use crate::error::ParseError;
use crate::ids::{CallSiteId, OpId, ValueId};
use crate::module::{
    Block, CallSite, FunctionInfo, Module, OpData, OpSyntax, Port, Region, ValueData, ValueDef, Warning,
};
use crate::op::{OpKind, ReduceKind};
use crate::span::Span;
use crate::types::Type;
use cranelift_entity::PrimaryMap;
use std::collections::HashMap;

/// Deepest chain of nested calls inlined (deeper means recursion).
const MAX_CALL_DEPTH: usize = 64;

/// A function of the file, syntactically.
struct FuncDef<'f> {
    info: FunctionInfo,
    /// Argument names (`%arg0`).
    arg_names: Vec<String>,
    body: &'f SynRegion,
    /// Where the `func.func` is, for errors.
    at: usize,
}

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

    /// The span of `N` in the module op's `mhlo.num_partitions = N : i32`.
    fn num_partitions(&self, op: &SynOp) -> Option<Span> {
        let toks: Vec<Token> = op.body.iter().map(|&i| self.toks[i]).collect();
        toks.windows(3).find_map(|w| {
            let key = matches!(w[0].tok, Tok::Ident | Tok::Str)
                && w[0].text(self.src).trim_matches('"') == "mhlo.num_partitions";
            (key && w[1].is(b'=') && w[2].tok == Tok::Int).then_some(w[2].span)
        })
    }

    fn module_name(&self, op: &SynOp) -> Option<String> {
        op.body
            .iter()
            .map(|&i| self.toks[i])
            .find(|t| t.tok == Tok::Symbol)
            .map(|t| t.text(self.src).trim_start_matches('@').trim_matches('"').to_string())
            .or_else(|| {
                let head: Vec<Token> = op.body.iter().map(|&i| self.toks[i]).collect();
                let attrs = self.generic_props(&head).ok()?;
                attrs.into_iter().find(|(k, _)| k == "sym_name").and_then(|(_, v)| match v {
                    Attr::Str(s) => Some(s),
                    _ => None,
                })
            })
    }

    /// `sdy.mesh @name = <["x"=8, "y"=4]> {...}`: the symbol and each `"axis"=size`.
    fn mesh_decl(&self, op: &SynOp) -> crate::module::MeshDecl {
        let toks: Vec<Token> = op.body.iter().map(|&i| self.toks[i]).collect();
        let name = toks
            .iter()
            .find(|t| t.tok == Tok::Symbol)
            .map_or_else(String::new, |t| t.text(self.src).trim_start_matches('@').to_string());
        let mut axes = Vec::new();
        let mut depth = 0i32;
        for (j, t) in toks.iter().enumerate() {
            match t.tok {
                Tok::Punct(b'(' | b'[' | b'{' | b'<') => depth += 1,
                Tok::Punct(b')' | b']' | b'}' | b'>') => depth -= 1,
                // `<[...]>` only: the `{stablehlo.mesh = ...}` dictionary after it repeats the axes.
                Tok::Str if depth == 2 && toks.get(j + 1).is_some_and(|n| n.is(b'=')) => {
                    if let Some(size) = toks.get(j + 2).and_then(|n| n.text(self.src).parse::<i64>().ok()) {
                        axes.push((unescape(t.text(self.src)), size));
                    }
                }
                _ => {}
            }
        }
        crate::module::MeshDecl { name, axes, span: op.span }
    }

    /// `func.func public @name(%arg0: T {attrs} loc(..), ...) -> (T {attrs}, ...) attributes {...} { ... }`
    fn pretty_func(&self, op: &'a SynOp) -> R<FuncDef<'a>> {
        let body = &op.body;
        let mut k = 0;
        let mut public = true;
        while k < body.len() && self.toks[body[k]].tok == Tok::Ident {
            public &= self.text(body[k]) != "private";
            k += 1;
        }
        let sym = *body.get(k).ok_or_else(|| self.err_tok(op.name_tok, "expected the function's @name"))?;
        if self.toks[sym].tok != Tok::Symbol {
            return Err(self.err_tok(sym, format!("expected the function's @name, found '{}'", self.text(sym))));
        }
        let name = self.text(sym).trim_start_matches('@').trim_matches('"').to_string();
        let region = op.regions.first().ok_or_else(|| self.err_tok(sym, format!("function @{name} has no body")))?;
        let mut p = super::syntax::Parser::new(self.src, self.toks);
        let open = *body.get(k + 1).ok_or_else(|| self.err_tok(sym, "expected '(' and the arguments"))?;
        p.set_pos(open);
        let syn_args = p.parse_block_args()?;
        let mut args = Vec::new();
        let mut arg_names = Vec::new();
        for a in &syn_args {
            arg_names.push(self.text(a.name).to_string());
            args.push(self.port(a)?);
        }
        let mut results = Vec::new();
        let mut c = Cursor { src: self.src, toks: self.toks, pos: p.pos() };
        if c.peek().is_some_and(|t| t.tok == Tok::Arrow) {
            c.pos += 1;
            let paren = c.eat(b'(');
            loop {
                if paren && c.eat(b')') {
                    break;
                }
                let ty_start = c.pos;
                let ty = c.ty().map_err(|e| self.attr_err(self.toks, e))?;
                let ty_span = self.tok_span(ty_start, c.pos);
                let mut attr_dict = None;
                let mut res_name = None;
                if c.at(b'{') && self.toks.get(c.pos + 1).is_some_and(|t| !t.line_start) && paren {
                    let s = c.pos;
                    let d = c.dict().map_err(|e| self.attr_err(self.toks, e))?;
                    attr_dict = Some(self.tok_span(s, c.pos));
                    if let Some(Attr::Str(n)) = d.get("jax.result_info") {
                        res_name = Some(n.clone());
                    }
                }
                results.push(Port { ty, ty_span, attr_dict, name: res_name, aliased_result: None });
                if !paren || c.eat(b')') {
                    break;
                }
                c.expect(b',').map_err(|e| self.attr_err(self.toks, e))?;
            }
        }
        let info = FunctionInfo { name, public, args, results, span: op.span };
        Ok(FuncDef { info, arg_names, body: region, at: op.name_tok })
    }

    /// `"func.func"() <{function_type = ..., sym_name = "f", arg_attrs = [...], ...}> ({ ^bb0(...): ... })`
    fn generic_func(&self, op: &'a SynOp) -> R<FuncDef<'a>> {
        let head: Vec<Token> = op.body.iter().map(|&i| self.toks[i]).collect();
        let props = self.generic_props(&head)?;
        let get = |k: &str| props.iter().find(|(n, _)| n == k).map(|(_, v)| v);
        let name = match get("sym_name") {
            Some(Attr::Str(s)) => s.clone(),
            _ => return Err(self.err_tok(op.name_tok, "func.func without sym_name")),
        };
        let public = !matches!(get("sym_visibility"), Some(Attr::Str(s)) if s == "private");
        let region =
            op.regions.first().ok_or_else(|| self.err_tok(op.name_tok, format!("function @{name} has no body")))?;
        let block: &SynBlock =
            region.blocks.first().ok_or_else(|| self.err_tok(op.name_tok, "function has no block"))?;
        let mut args = Vec::new();
        let mut arg_names = Vec::new();
        let arg_attrs = match get("arg_attrs") {
            Some(Attr::List(ds)) => ds.clone(),
            _ => Vec::new(),
        };
        for (i, a) in block.args.iter().enumerate() {
            arg_names.push(self.text(a.name).to_string());
            let mut port = self.port(a)?;
            port.aliased_result = arg_attrs.get(i).and_then(aliasing_output);
            args.push(port);
        }
        // Result types come from `function_type`.
        let mut results = Vec::new();
        if let Some(i) = head.iter().position(|t| t.tok == Tok::Ident && t.text(self.src) == "function_type") {
            let mut c = Cursor { src: self.src, toks: &head, pos: i + 2 };
            let (_, outs) = c.signature().map_err(|e| self.attr_err(&head, e))?;
            let res_names: Vec<Option<String>> = match get("res_attrs") {
                Some(Attr::List(ds)) => ds
                    .iter()
                    .map(|d| {
                        d.get("jax.result_info").and_then(|v| if let Attr::Str(s) = v { Some(s.clone()) } else { None })
                    })
                    .collect(),
                _ => Vec::new(),
            };
            for (j, ty) in outs.unwrap_or_default().into_iter().enumerate() {
                results.push(Port {
                    ty,
                    ty_span: Span::default(),
                    attr_dict: None,
                    name: res_names.get(j).cloned().flatten(),
                    aliased_result: None,
                });
            }
        }
        let info = FunctionInfo { name, public, args, results, span: op.span };
        Ok(FuncDef { info, arg_names, body: region, at: op.name_tok })
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

    /// Block arguments of pretty regions: `while(%iterArg = %x, ...)` gives each region the iteration
    /// arguments; `reducer(%a: T, %b: T) (%c: U, %d: U)` gives the reduce body (accumulators, then inputs).
    fn pretty_region_args(&self, op: &SynOp) -> R<Vec<Vec<(String, Type)>>> {
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
    fn typed_args(&self, op: &SynOp, body: &[Token], c: &mut Cursor<'_>) -> R<Vec<(String, Type)>> {
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
    fn region_kind(&self, args: &[ValueId], ops: &[OpId]) -> ReduceKind {
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

    fn inline_call(
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
    fn compute_captures(&mut self) {
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

    fn defined_inside(&self, v: ValueId, owner: OpId) -> bool {
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

/// The result an argument is donated to: its `tf.aliasing_output` (what `jax.jit(donate_argnums=...)`
/// writes), when it is a non-negative integer.
fn aliasing_output(dict: &Attr) -> Option<usize> {
    dict.get(ALIASING_OUTPUT).and_then(Attr::int).and_then(|i| usize::try_from(i).ok())
}

/// The argument attribute naming the result a donated argument's buffer becomes.
pub const ALIASING_OUTPUT: &str = "tf.aliasing_output";
