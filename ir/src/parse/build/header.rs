//! The module op and its functions: the module's name and mesh declarations, and each `func.func`'s
//! signature, in the pretty and the generic form.

use super::{Builder, R};
use crate::module::{FunctionInfo, Port};
use crate::parse::attr::{Attr, Cursor, unescape};
use crate::parse::lexer::{Tok, Token};
use crate::parse::syntax::{SynBlock, SynOp, SynRegion};
use crate::span::Span;

/// A function of the file, syntactically.
pub(super) struct FuncDef<'f> {
    pub(super) info: FunctionInfo,
    /// Argument names (`%arg0`).
    pub(super) arg_names: Vec<String>,
    pub(super) body: &'f SynRegion,
    /// Where the `func.func` is, for errors.
    pub(super) at: usize,
}

impl<'a> Builder<'a> {
    /// The span of `N` in the module op's `mhlo.num_partitions = N : i32`.
    pub(super) fn num_partitions(&self, op: &SynOp) -> Option<Span> {
        let toks: Vec<Token> = op.body.iter().map(|&i| self.toks[i]).collect();
        toks.windows(3).find_map(|w| {
            let key = matches!(w[0].tok, Tok::Ident | Tok::Str)
                && w[0].text(self.src).trim_matches('"') == "mhlo.num_partitions";
            (key && w[1].is(b'=') && w[2].tok == Tok::Int).then_some(w[2].span)
        })
    }

    pub(super) fn module_name(&self, op: &SynOp) -> Option<String> {
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
    pub(super) fn mesh_decl(&self, op: &SynOp) -> crate::module::MeshDecl {
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
    pub(super) fn pretty_func(&self, op: &'a SynOp) -> R<FuncDef<'a>> {
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
        let mut p = crate::parse::syntax::Parser::new(self.src, self.toks);
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
    pub(super) fn generic_func(&self, op: &'a SynOp) -> R<FuncDef<'a>> {
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
}

/// The result an argument is donated to: its `tf.aliasing_output` (what `jax.jit(donate_argnums=...)`
/// writes), when it is a non-negative integer.
pub(super) fn aliasing_output(dict: &Attr) -> Option<usize> {
    dict.get(ALIASING_OUTPUT).and_then(Attr::int).and_then(|i| usize::try_from(i).ok())
}

/// The argument attribute naming the result a donated argument's buffer becomes.
const ALIASING_OUTPUT: &str = "tf.aliasing_output";
