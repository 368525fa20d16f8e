"""Production-size models, as MaxText and torchtitan users write them, at abstract shapes.

Every function returns `(fn, args, donate_argnums)` for `jax.jit(fn, donate_argnums=...).lower(*args)`;
nothing is allocated, so a 70B model costs nothing to lower. The dimensions are those of the public model
cards (Llama 3 8B and 70B, Mixtral 8x7B); `scale` shrinks every dimension but the structure (the same ops,
loops and attributes) for small runs that XLA can execute.

What every training step has, as production code writes it:
- parameters kept in f32 (the master weights), cast to bf16 for the forward and backward pass;
- layers stacked on a leading axis and run by `jax.lax.scan`, each layer under `jax.checkpoint`
  (rematerialised in the backward pass: `stablehlo.optimization_barrier` in the module);
- grouped-query attention (fewer key/value heads than query heads) with rotary position embeddings;
- SwiGLU MLPs, RMSNorm, a next-token cross-entropy over the full vocabulary;
- AdamW (bias-corrected moments in f32, decoupled weight decay), the whole train state donated to the
  step (`tf.aliasing_output` on the arguments).
"""

from __future__ import annotations

import dataclasses
import math

import jax
import jax.numpy as jnp
from jax.ad_checkpoint import checkpoint_name
from jax.sharding import AbstractMesh
from jax.sharding import PartitionSpec as P

F32, BF16, I32 = jnp.float32, jnp.bfloat16, jnp.int32


def sds(shape, dtype=F32):
    return jax.ShapeDtypeStruct(tuple(int(d) for d in shape), dtype)


@dataclasses.dataclass(frozen=True)
class Decoder:
    """A decoder's dimensions, as a model card states them."""

    vocab: int
    d_model: int
    layers: int
    heads: int
    kv_heads: int
    d_ff: int
    rope_theta: float = 500_000.0
    experts: int = 0  # 0: a dense MLP
    top_k: int = 2
    capacity_factor: float = 1.25
    head_size: int = 0  # 0: d_model / heads (MaxText's configs fix it at 128 whatever the width)

    @property
    def head_dim(self) -> int:
        return self.head_size or self.d_model // self.heads

    def scaled(self, s: int) -> Decoder:
        """Every width divided by `s` (heads keep their count; at least 2 layers)."""
        if s == 1:
            return self
        return dataclasses.replace(self, vocab=max(self.vocab // s, 64), d_model=self.d_model // s,
                                   layers=max(2, self.layers // s), d_ff=self.d_ff // s)


# Llama 3 8B and 70B (Meta's model cards: meta-llama/Meta-Llama-3-8B and -70B, config.json).
LLAMA3_8B = Decoder(vocab=128_256, d_model=4096, layers=32, heads=32, kv_heads=8, d_ff=14_336)
LLAMA3_70B = Decoder(vocab=128_256, d_model=8192, layers=80, heads=64, kv_heads=8, d_ff=28_672)
# Mixtral 8x7B (mistralai/Mixtral-8x7B-v0.1, config.json): 8 experts, 2 per token.
MIXTRAL_8X7B = Decoder(vocab=32_000, d_model=4096, layers=32, heads=32, kv_heads=8, d_ff=14_336,
                       rope_theta=1_000_000.0, experts=8, top_k=2)


# ----------------------------------------------------------------------------------------------------
# Building blocks
# ----------------------------------------------------------------------------------------------------
def rms_norm(x, g, eps=1e-5):
    xf = x.astype(F32)
    y = xf * jax.lax.rsqrt(jnp.mean(jnp.square(xf), axis=-1, keepdims=True) + eps)
    return (y * g.astype(F32)).astype(x.dtype)


def rope(x, positions, theta):
    """Rotary embedding of `x` [b, s, heads, hd] at `positions` [b, s] (the half-split form)."""
    hd = x.shape[-1]
    freq = 1.0 / theta ** (jnp.arange(0, hd, 2, dtype=F32) / hd)
    angle = positions.astype(F32)[:, :, None, None] * freq
    cos, sin = jnp.cos(angle), jnp.sin(angle)
    x1, x2 = jnp.split(x.astype(F32), 2, axis=-1)
    return jnp.concatenate([x1 * cos - x2 * sin, x2 * cos + x1 * sin], axis=-1).astype(x.dtype)


def qkv(c: Decoder, p, x, positions):
    """Queries [b, s, kv, group, hd], keys and values [b, s, kv, hd], with RoPE."""
    b, s, _ = x.shape
    q = (x @ p["wq"]).reshape(b, s, c.heads, c.head_dim)
    k = (x @ p["wk"]).reshape(b, s, c.kv_heads, c.head_dim)
    v = (x @ p["wv"]).reshape(b, s, c.kv_heads, c.head_dim)
    q, k = rope(q, positions, c.rope_theta), rope(k, positions, c.rope_theta)
    return q.reshape(b, s, c.kv_heads, c.heads // c.kv_heads, c.head_dim), k, v


def dense_attention(q, k, v, q_pos, k_pos):
    """Grouped-query attention, scores materialised: q [b, s, kv, g, hd], k/v [b, t, kv, hd]."""
    scores = jnp.einsum("bskgd,btkd->bkgst", q, k).astype(F32) / math.sqrt(q.shape[-1])
    mask = q_pos[:, None, None, :, None] >= k_pos[:, None, None, None, :]
    probs = jax.nn.softmax(jnp.where(mask, scores, -1e30), axis=-1).astype(q.dtype)
    return jnp.einsum("bkgst,btkd->bskgd", probs, v)


def swiglu(p, x):
    return (jax.nn.silu(x @ p["w_gate"]) * (x @ p["w_up"])) @ p["w_down"]


def layer_shapes(c: Decoder):
    d, qd, kvd = c.d_model, c.heads * c.head_dim, c.kv_heads * c.head_dim
    shapes = {"attn_norm": (d,), "wq": (d, qd), "wk": (d, kvd), "wv": (d, kvd), "wo": (qd, d), "mlp_norm": (d,)}
    if c.experts:
        shapes.update(router=(d, c.experts), w_gate=(c.experts, d, c.d_ff), w_up=(c.experts, d, c.d_ff),
                      w_down=(c.experts, c.d_ff, d))
    else:
        shapes.update(w_gate=(d, c.d_ff), w_up=(d, c.d_ff), w_down=(c.d_ff, d))
    return shapes


def param_shapes(c: Decoder, stacked=True, dtype=F32):
    layer = layer_shapes(c)
    if stacked:
        layers = {k: sds((c.layers,) + v, dtype) for k, v in layer.items()}
    else:
        layers = [{k: sds(v, dtype) for k, v in layer.items()} for _ in range(c.layers)]
    return {"embed": sds((c.vocab, c.d_model), dtype), "layers": layers,
            "final_norm": sds((c.d_model,), dtype), "lm_head": sds((c.d_model, c.vocab), dtype)}


# ----------------------------------------------------------------------------------------------------
# Mixture of experts: GShard-style top-k routing with expert capacity (dropping), dispatch by einsum
# ----------------------------------------------------------------------------------------------------
def moe_mlp(c: Decoder, p, x):
    b, s, d = x.shape
    capacity = int(math.ceil(c.top_k * s * c.capacity_factor / c.experts))
    logits = (x @ p["router"]).astype(F32)
    probs = jax.nn.softmax(logits, axis=-1)
    gates, experts = jax.lax.top_k(probs, c.top_k)                     # [b, s, k]
    gates = gates / jnp.sum(gates, axis=-1, keepdims=True)
    onehot = jax.nn.one_hot(experts, c.experts, dtype=F32)              # [b, s, k, e]
    # Each token's slot in its expert's buffer: tokens ahead of it (in sequence, then choice order).
    flat = onehot.transpose(0, 2, 1, 3).reshape(b, c.top_k * s, c.experts)
    slot = (jnp.cumsum(flat, axis=1) - 1.0).reshape(b, c.top_k, s, c.experts).transpose(0, 2, 1, 3)
    keep = onehot * (slot < capacity)
    slot_1h = jax.nn.one_hot(jnp.sum(slot * keep, axis=-1).astype(I32), capacity, dtype=F32)  # [b, s, k, c]
    combine = jnp.einsum("bsk,bske,bskc->bsec", gates, keep, slot_1h)   # [b, s, e, c]
    dispatch = (combine > 0).astype(x.dtype)
    xe = jnp.einsum("bsec,bsd->ebcd", dispatch, x)
    h = jax.nn.silu(jnp.einsum("ebcd,edf->ebcf", xe, p["w_gate"])) * jnp.einsum("ebcd,edf->ebcf", xe, p["w_up"])
    ye = jnp.einsum("ebcf,efd->ebcd", h, p["w_down"])
    return jnp.einsum("ebcd,bsec->bsd", ye, combine.astype(x.dtype))


# ----------------------------------------------------------------------------------------------------
# Flash attention in plain JAX: an online-softmax scan over key blocks, with its own backward scan
# ----------------------------------------------------------------------------------------------------
def _blocks(t, block):
    n = t.shape[1] // block
    return t.reshape(t.shape[0], n, block, *t.shape[2:]).swapaxes(0, 1)   # [n, b, block, ...]


def _flash_fwd_loop(q, k, v, block):
    b, s, kv, g, hd = q.shape
    scale = 1.0 / math.sqrt(hd)
    q_pos = jnp.arange(s)

    def body(carry, blk):
        m, denom, acc = carry
        kb, vb, j = blk
        scores = jnp.einsum("bskgd,btkd->bkgst", q, kb).astype(F32) * scale
        mask = q_pos[:, None] >= j * block + jnp.arange(block)[None, :]
        scores = jnp.where(mask, scores, -1e30)
        m_new = jnp.maximum(m, jnp.max(scores, axis=-1))
        p = jnp.exp(scores - m_new[..., None])
        corr = jnp.exp(m - m_new)
        denom = denom * corr + jnp.sum(p, axis=-1)
        acc = acc * corr[..., None] + jnp.einsum("bkgst,btkd->bkgsd", p.astype(q.dtype), vb).astype(F32)
        return (m_new, denom, acc), None

    init = (jnp.full((b, kv, g, s), -1e30, F32), jnp.zeros((b, kv, g, s), F32), jnp.zeros((b, kv, g, s, hd), F32))
    n = k.shape[1] // block
    (m, denom, acc), _ = jax.lax.scan(body, init, (_blocks(k, block), _blocks(v, block), jnp.arange(n)))
    out = (acc / denom[..., None]).astype(q.dtype)                             # [b, kv, g, s, hd]
    return out.transpose(0, 3, 1, 2, 4), m + jnp.log(denom)                  # [b, s, kv, g, hd], lse


def flash_attention(block):
    @jax.custom_vjp
    def attn(q, k, v):
        return _flash_fwd_loop(q, k, v, block)[0]

    def fwd(q, k, v):
        out, lse = _flash_fwd_loop(q, k, v, block)
        return out, (q, k, v, out, lse)

    def bwd(res, dout):
        q, k, v, out, lse = res
        hd = q.shape[-1]
        scale = 1.0 / math.sqrt(hd)
        s = q.shape[1]
        q_pos = jnp.arange(s)
        delta = jnp.einsum("bskgd,bskgd->bkgs", dout.astype(F32), out.astype(F32))

        def body(dq, blk):
            kb, vb, j = blk
            scores = jnp.einsum("bskgd,btkd->bkgst", q, kb).astype(F32) * scale
            mask = q_pos[:, None] >= j * block + jnp.arange(block)[None, :]
            p = jnp.where(mask, jnp.exp(scores - lse[..., None]), 0.0)
            dv = jnp.einsum("bkgst,bskgd->btkd", p.astype(q.dtype), dout)
            dp = jnp.einsum("bskgd,btkd->bkgst", dout, vb).astype(F32)
            ds = (p * (dp - delta[..., None]) * scale).astype(q.dtype)
            dq = dq + jnp.einsum("bkgst,btkd->bskgd", ds, kb).astype(F32)
            dk = jnp.einsum("bkgst,bskgd->btkd", ds, q)
            return dq, (dk, dv)

        n = k.shape[1] // block
        blocks = (_blocks(k, block), _blocks(v, block), jnp.arange(n))
        dq, (dk, dv) = jax.lax.scan(body, jnp.zeros(q.shape, F32), blocks)
        unblock = lambda t: t.swapaxes(0, 1).reshape(k.shape)  # noqa: E731
        return dq.astype(q.dtype), unblock(dk), unblock(dv)

    attn.defvjp(fwd, bwd)
    return attn


# ----------------------------------------------------------------------------------------------------
# Attention as an opaque kernel (a custom_call), wrapped as JAX users wrap kernels
# ----------------------------------------------------------------------------------------------------
KERNEL_FWD, KERNEL_BWD = "flash_attention_fwd", "flash_attention_bwd"


def fwd_kernel(q, k, v):
    """The forward kernel, opaque to XLA: (q, k, v) -> (out, log-sum-exp)."""
    b, s, kv, g, _ = q.shape
    out = (jax.ShapeDtypeStruct(q.shape, q.dtype), jax.ShapeDtypeStruct((b, kv, g, s), F32))
    return jax.ffi.ffi_call(KERNEL_FWD, out)(q, k, v)


def bwd_kernel(q, k, v, out, lse, dout):
    """The backward kernel: (q, k, v, out, lse, dout) -> (dq, dk, dv)."""
    shapes = tuple(jax.ShapeDtypeStruct(t.shape, t.dtype) for t in (q, k, v))
    return jax.ffi.ffi_call(KERNEL_BWD, shapes)(q, k, v, out, lse, dout)


def with_vjp(fwd_impl, bwd_impl):
    """Attention from a forward and a backward kernel, joined by `jax.custom_vjp`."""
    @jax.custom_vjp
    def attn(q, k, v):
        return fwd_impl(q, k, v)[0]

    def fwd(q, k, v):
        out, lse = fwd_impl(q, k, v)
        return out, (q, k, v, out, lse)

    attn.defvjp(fwd, lambda res, dout: bwd_impl(*res, dout))
    return attn


def shard_map_kernel(mesh_axes):
    """Attention as two opaque kernels (forward and backward custom_calls), each in `shard_map` over
    `mesh_axes` ((name, size) pairs): batch over the first axis, KV heads over the second
    (`sdy.manual_computation` in the module, its shardings the user's), joined by `jax.custom_vjp`."""
    mesh = AbstractMesh(tuple(n for _, n in mesh_axes), tuple(a for a, _ in mesh_axes))
    batch, heads = mesh_axes[0][0], mesh_axes[1][0]
    q_spec, kv_spec, lse_spec = P(batch, None, heads, None, None), P(batch, None, heads, None), P(batch, heads)
    smap = lambda f, i, o: jax.shard_map(f, mesh=mesh, in_specs=i, out_specs=o, check_vma=False)  # noqa: E731

    fwd_sharded = smap(fwd_kernel, (q_spec, kv_spec, kv_spec), (q_spec, lse_spec))
    bwd_sharded = smap(bwd_kernel, (q_spec, kv_spec, kv_spec, q_spec, lse_spec, q_spec), (q_spec, kv_spec, kv_spec))
    return with_vjp(fwd_sharded, bwd_sharded)


# Shardy's rule for each kernel, in `custom_partitioning`'s einsum-like form: b batch, s query and t key
# positions, h KV heads, g query heads per KV head, d head dimension.
FWD_RULE = "b s h g d, b t h d, b t h d -> b s h g d, b h g s"
BWD_RULE = "b s h g d, b t h d, b t h d, b s h g d, b h g s, b s h g d -> b s h g d, b t h d, b t h d"


def rule_kernel(mesh_axes):
    """Attention as the same two opaque kernels, wrapped with `custom_partitioning` and a sharding rule
    (the module's custom_calls carry `sdy.sharding_rule`): the planner may split batch and KV heads,
    and keeps positions and the head dimension whole. Lowering needs a concrete mesh in context: the
    fourth element of what the model returns (`concrete_mesh`). The partition callback is the kernel on
    its shard."""
    from jax.experimental.custom_partitioning import custom_partitioning

    def wrap(kernel, rule):
        f = custom_partitioning(kernel)

        def partition(mesh, arg_shapes, result_shape):
            outs = jax.tree.map(lambda r: r.sharding, result_shape)
            return mesh, kernel, outs, tuple(a.sharding for a in arg_shapes)

        # The factors that need replication, in order of first use.
        f.def_partition(partition=partition, sharding_rule=rule, need_replication_factors=("s", "d", "t"))
        return f

    return with_vjp(wrap(fwd_kernel, FWD_RULE), wrap(bwd_kernel, BWD_RULE))


# ----------------------------------------------------------------------------------------------------
# The decoder, its loss and its training step
# ----------------------------------------------------------------------------------------------------
def decoder_layer(c: Decoder, attend):
    def layer(x, p):
        p = jax.tree.map(lambda w: w.astype(BF16), p)          # f32 master weights, bf16 compute
        b, s, _ = x.shape
        positions = jnp.broadcast_to(jnp.arange(s), (b, s))
        q, k, v = qkv(c, p, rms_norm(x, p["attn_norm"]), positions)
        # Named as MaxText names attention's output, so that a policy may save it (`minimal_flash`).
        att = checkpoint_name(attend(q, k, v, positions), "context")
        x = x + att.reshape(b, s, c.heads * c.head_dim) @ p["wo"]
        h = rms_norm(x, p["mlp_norm"])
        x = x + (moe_mlp(c, p, h) if c.experts else swiglu(p, h))
        return x

    return layer


def dense_attend(q, k, v, positions):
    return dense_attention(q, k, v, positions, positions)


def chunked_cross_entropy(x, lm_head, targets, chunks):
    """The mean cross-entropy of `x @ lm_head` against `targets`, its f32 logits made for one slice of
    the sequence at a time (`chunks` slices, a loop, each slice computed again in the backward pass):
    the logits of the whole batch, f32 over the vocabulary, are never held at once."""
    b, s, d = x.shape
    xs = jnp.moveaxis(x.reshape(b, chunks, s // chunks, d), 1, 0)
    ts = jnp.moveaxis(targets.reshape(b, chunks, s // chunks), 1, 0)

    @jax.checkpoint
    def chunk(total, xt):
        xc, tc = xt
        logp = jax.nn.log_softmax((xc @ lm_head).astype(F32), axis=-1)
        return total - jnp.sum(jnp.take_along_axis(logp, tc[..., None], axis=-1)), None

    total, _ = jax.lax.scan(chunk, jnp.zeros((), F32), (xs, ts))
    return total / (b * s)


def decoder_loss(c: Decoder, attend, scanned=True, policy=None, policy_at_trace=None, loss_chunks=1):
    """The loss, every layer under `jax.checkpoint` with `policy` (default: save nothing, recompute the
    layer in the backward pass: MaxText's `remat_policy: full`). With `policy_at_trace`, a function
    called each time the loss is traced gives the policy instead (`automap.remat_policy`). With
    `loss_chunks` > 1, the cross-entropy is `chunked_cross_entropy`'s."""
    policy = policy or jax.checkpoint_policies.nothing_saveable

    def loss(params, tokens, targets):
        chosen = policy if policy_at_trace is None else policy_at_trace()
        layer = jax.checkpoint(decoder_layer(c, attend), policy=chosen)
        x = params["embed"].astype(BF16)[tokens]
        if scanned:
            x, _ = jax.lax.scan(lambda x, p: (layer(x, p), None), x, params["layers"])
        else:
            for p in params["layers"]:
                x = layer(x, p)
        x = rms_norm(x, params["final_norm"])
        if loss_chunks > 1:
            return chunked_cross_entropy(x, params["lm_head"].astype(BF16), targets, loss_chunks)
        logits = (x @ params["lm_head"].astype(BF16)).astype(F32)
        logp = jax.nn.log_softmax(logits, axis=-1)
        return -jnp.mean(jnp.take_along_axis(logp, targets[..., None], axis=-1))

    return loss


def adamw_step(loss, lr=3e-4, b1=0.9, b2=0.95, eps=1e-8, weight_decay=0.1):
    """value_and_grad of `loss`, then AdamW on the f32 state {params, mu, nu, count}."""

    def step(state, tokens, targets):
        value, grads = jax.value_and_grad(loss)(state["params"], tokens, targets)
        count = state["count"] + 1
        t = count.astype(F32)
        mu = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state["mu"], grads)
        nu = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * jnp.square(g), state["nu"], grads)

        def update(p, m, v):
            m_hat, v_hat = m / (1 - b1 ** t), v / (1 - b2 ** t)
            return p - lr * (m_hat / (jnp.sqrt(v_hat) + eps) + weight_decay * p)

        params = jax.tree.map(update, state["params"], mu, nu)
        return {"params": params, "mu": mu, "nu": nu, "count": count}, value

    return step


def train_state(c: Decoder, stacked=True):
    p = param_shapes(c, stacked)
    return {"params": p, "mu": p, "nu": p, "count": sds((), I32)}


def training(c: Decoder, batch: int, seq: int, attend=dense_attend, scanned=True, policy=None,
             policy_at_trace=None, loss_chunks=1):
    tokens = sds((batch, seq), I32)
    step = adamw_step(decoder_loss(c, attend, scanned, policy, policy_at_trace, loss_chunks))
    return step, (train_state(c, scanned), tokens, tokens), (0,)


# ----------------------------------------------------------------------------------------------------
# Serving: one decode step over a KV cache, updated in place and donated
# ----------------------------------------------------------------------------------------------------
def decode_step(c: Decoder, batch: int, context: int):
    def step(params, cache_k, cache_v, tokens, pos):
        x = params["embed"][tokens]                                         # [b, 1, d]
        positions = jnp.full((batch, 1), pos)
        k_pos = jnp.broadcast_to(jnp.arange(context), (batch, context))

        def layer(x, xs):
            p, ck, cv = xs
            q, k, v = qkv(c, p, rms_norm(x, p["attn_norm"]), positions)
            ck = jax.lax.dynamic_update_slice(ck, k, (0, pos, 0, 0))
            cv = jax.lax.dynamic_update_slice(cv, v, (0, pos, 0, 0))
            att = dense_attention(q, ck, cv, positions, k_pos)
            x = x + att.reshape(batch, 1, c.heads * c.head_dim) @ p["wo"]
            x = x + swiglu(p, rms_norm(x, p["mlp_norm"]))
            return x, (ck, cv)

        x, (cache_k, cache_v) = jax.lax.scan(layer, x, (params["layers"], cache_k, cache_v))
        logits = rms_norm(x, params["final_norm"]) @ params["lm_head"]
        return jnp.argmax(logits[:, -1], axis=-1).astype(I32), cache_k, cache_v

    cache = sds((c.layers, batch, context, c.kv_heads, c.head_dim), BF16)
    args = (param_shapes(c, True, BF16), cache, cache, sds((batch, 1), I32), sds((), I32))
    return step, args, (1, 2)


# ----------------------------------------------------------------------------------------------------
# Attention as the library kernels production runs use: Pallas's TPU flash attention, cuDNN's
# ----------------------------------------------------------------------------------------------------
def _heads_attention(kernel, mesh_axes, head_major, batch_axes=None, heads_axis=None):
    """Attention as `kernel` over all query heads (`kv x g`), in `shard_map` over `mesh_axes`: batch
    over the first axis, heads over the second, any other axis unused (or batch over `batch_axes`, a
    tuple of axis names, and heads over `heads_axis`, None for none). `head_major`: the kernel takes
    (batch, heads, seq, dim) with as many key/value heads as query heads (Pallas's TPU kernel: each KV
    head repeated per group); else (batch, seq, heads, dim) with the KV heads as they are (cuDNN's
    grouped-query attention)."""
    mesh = AbstractMesh(tuple(n for _, n in mesh_axes), tuple(a for a, _ in mesh_axes))
    batch = batch_axes if batch_axes is not None else mesh_axes[0][0]
    heads = heads_axis if batch_axes is not None else mesh_axes[1][0]
    spec = P(batch, heads, None, None) if head_major else P(batch, None, heads, None)
    smap = jax.shard_map(kernel, mesh=mesh, in_specs=(spec,) * 3, out_specs=spec, check_vma=False)

    def attend(q, k, v, _pos):
        b, s, kv, g, d = q.shape
        q = q.reshape(b, s, kv * g, d)
        if head_major:
            k, v = (jnp.repeat(t, g, axis=2).transpose(0, 2, 1, 3) for t in (k, v))
            out = smap(q.transpose(0, 2, 1, 3), k, v).transpose(0, 2, 1, 3)
        else:
            out = smap(q, k, v)
        return out.reshape(b, s, kv, g, d)

    return attend


def pallas_tpu_attention(mesh_axes, batch_axes=None, heads_axis=None):
    """Pallas's TPU flash attention (`jax.experimental.pallas.ops.tpu.flash_attention`), causal, with
    its own backward kernels; each call carries the kernel's `cost_estimate`."""
    from jax.experimental.pallas.ops.tpu import flash_attention as fa

    def kernel(q, k, v):
        return fa.flash_attention(q, k, v, causal=True, sm_scale=q.shape[-1] ** -0.5)

    return _heads_attention(kernel, mesh_axes, True, batch_axes, heads_axis)


def cudnn_attention(mesh_axes, batch_axes=None, heads_axis=None):
    """cuDNN's fused flash attention, causal (`jax.nn.dot_product_attention(implementation="cudnn")`):
    `__cudnn$fmhaSoftmax` and its backward, in `shard_map` as `_heads_attention` places it. Lowering it
    asks for cuDNN's version, which a machine without cuDNN cannot say: the export assumes cuDNN 9.1 on
    a Hopper GPU (what an H100 run has)."""
    import jax._src.cudnn.fused_attention_stablehlo as fused

    fused.check_cudnn_version = lambda: 90100
    fused.check_compute_capability = lambda capability: float(capability) <= 9.0

    def kernel(q, k, v):
        return jax.nn.dot_product_attention(q, k, v, is_causal=True, implementation="cudnn")

    return _heads_attention(kernel, mesh_axes, False, batch_axes, heads_axis)


# ----------------------------------------------------------------------------------------------------
# The fixtures: (config, batch, sequence) from public training setups, divided by `scale`
# ----------------------------------------------------------------------------------------------------
def llama3_8b_train(scale=1):
    """Llama 3 8B, one AdamW step on 256 sequences of 4,096 tokens (1M tokens), dense attention."""
    return training(LLAMA3_8B.scaled(scale), 256 // scale, 4096 // scale)


def llama3_8b_train_unrolled(scale=1):
    """`llama3_8b_train` with its 32 layers unrolled (each still under `jax.checkpoint`)."""
    return training(LLAMA3_8B.scaled(scale), 256 // scale, 4096 // scale, scanned=False)


def llama3_70b_train(scale=1):
    """Llama 3 70B, one AdamW step on 128 sequences of 4,096 tokens (512K tokens), dense attention."""
    return training(LLAMA3_70B.scaled(scale), 128 // scale, 4096 // scale)


def _llama3_70b_8k(per_chip, scale, mesh_axes, loss_chunks=1):
    """Llama 3 70B at 8,192 tokens, `per_chip` sequences per chip of a 256-chip pod, attention as Pallas's
    TPU flash attention kernel (batch over the mesh's first axis, heads over its second:
    specs/meshes/tpu-v6e-16x16.yaml's x and y)."""
    c = LLAMA3_70B.scaled(scale)
    return training(c, 256 * per_chip // scale, 8192 // scale, attend=pallas_tpu_attention(mesh_axes),
                    loss_chunks=loss_chunks)


def llama3_70b_train_5x8k(scale=1, mesh_axes=(("x", 16), ("y", 16))):
    """`_llama3_70b_8k` at 5 sequences per chip (1,280: MaxText's published per-device batch for this
    model on v6e-256): the layer inputs the backward pass needs outgrow a v6e chip's HBM on their own."""
    return _llama3_70b_8k(5, scale, mesh_axes)


def llama3_70b_train_5x8k_chunked(scale=1, mesh_axes=(("x", 16), ("y", 16))):
    """`llama3_70b_train_5x8k` with its loss over 16 slices of the sequence at a time
    (`chunked_cross_entropy`): written whole, its f32 logits are 19.57 GiB per chip on their own."""
    return _llama3_70b_8k(5, scale, mesh_axes, loss_chunks=16)


def llama3_70b_train_2x8k(scale=1, mesh_axes=(("x", 16), ("y", 16))):
    """`_llama3_70b_8k` at 2 sequences per chip (512): a plan fits a v6e chip with the layer inputs
    (20 GiB per chip) in host memory, and only so."""
    return _llama3_70b_8k(2, scale, mesh_axes)


def llama3_70b_train_3x8k(scale=1, mesh_axes=(("x", 16), ("y", 16))):
    """`_llama3_70b_8k` at 3 sequences per chip (768): the layer inputs alone (30 GiB per chip) still
    leave no room in a v6e chip's HBM for the rest of the step."""
    return _llama3_70b_8k(3, scale, mesh_axes)


def mixtral_train(scale=1):
    """Mixtral 8x7B, one AdamW step on 256 sequences of 4,096 tokens; top-2 routing, capacity 1.25."""
    return training(MIXTRAL_8X7B.scaled(scale), 256 // scale, 4096 // scale)


def llama3_8b_train_8k(scale=1):
    """Llama 3 8B at 8,192 tokens, 1,024 sequences (8M tokens: 4 sequences per chip of a 256-chip pod,
    MaxText's published per-device batch for this model), dense attention."""
    return training(LLAMA3_8B.scaled(scale), 1024 // scale, 8192 // scale)


def llama3_8b_flash_train(scale=1):
    """Llama 3 8B at 8,192 tokens, 128 sequences (1M tokens), attention as a blockwise online-softmax scan
    over key blocks of 512 (a loop nested in the layer loop, with its own backward loop)."""
    c = LLAMA3_8B.scaled(scale)
    seq, block = 8192 // scale, 512 // scale
    return training(c, 128 // scale, seq, attend=lambda q, k, v, _pos: flash_attention(block)(q, k, v))


def llama3_8b_kernel_train(scale=1, mesh_axes=(("node", 8), ("gpu", 8))):
    """`llama3_8b_train` at 8,192 tokens with attention as an opaque kernel (a custom_call) in `shard_map`:
    batch over the mesh's first axis, KV heads over its second. The mesh is the planning mesh's
    (specs/meshes/h100-8x8.yaml: node x gpu)."""
    c = LLAMA3_8B.scaled(scale)
    kernel = shard_map_kernel(mesh_axes)
    return training(c, 128 // scale, 8192 // scale, attend=lambda q, k, v, _pos: kernel(q, k, v))


def llama3_8b_pallas_train(scale=1, mesh_axes=(("x", 4), ("y", 4), ("z", 4))):
    """`llama3_8b_kernel_train` with attention as Pallas's TPU flash attention kernel (batch over the
    mesh's first axis, heads over its second: specs/meshes/tpu-v5p-4x4x4.yaml's x and y)."""
    c = LLAMA3_8B.scaled(scale)
    return training(c, 128 // scale, 8192 // scale, attend=pallas_tpu_attention(mesh_axes))


def llama3_8b_cudnn_train(scale=1, mesh_axes=(("node", 8), ("gpu", 8))):
    """`llama3_8b_kernel_train` with attention as cuDNN's fused attention, as an H100 run has it."""
    c = LLAMA3_8B.scaled(scale)
    return training(c, 128 // scale, 8192 // scale, attend=cudnn_attention(mesh_axes))


def concrete_mesh(mesh_axes):
    """A mesh of this process's devices (`jax_num_cpu_devices` virtual CPUs suffice: nothing runs)."""
    sizes, names = tuple(n for _, n in mesh_axes), tuple(a for a, _ in mesh_axes)
    auto = (jax.sharding.AxisType.Auto,) * len(sizes)  # no explicit-sharding constraints on every op
    return jax.make_mesh(sizes, names, axis_types=auto, devices=jax.devices()[: math.prod(sizes)])


def llama3_8b_rule_kernel_train(scale=1, mesh_axes=(("node", 8), ("gpu", 8))):
    """`llama3_8b_kernel_train` with the kernels under `custom_partitioning` and a sharding rule instead
    of `shard_map`: the planner chooses how to split them. Lowered in a mesh context (the module
    declares that mesh, as JAX writes it), so a fourth element gives the mesh."""
    c = LLAMA3_8B.scaled(scale)
    kernel = rule_kernel(mesh_axes)
    step, args, donate = training(c, 128 // scale, 8192 // scale, attend=lambda q, k, v, _pos: kernel(q, k, v))
    return step, args, donate, concrete_mesh(mesh_axes)


def llama3_8b_decode(scale=1):
    """Llama 3 8B serving: one decode step for 128 sequences over an 8,192-token KV cache (bf16, 128 GiB
    for K and V), the cache updated in place and donated."""
    return decode_step(LLAMA3_8B.scaled(scale), 128 // scale, 8192 // scale)


# The platform a model's kernels are written for, when not every platform can lower them (JAX lowers a
# Pallas TPU kernel only for a TPU, cuDNN's attention only for a CUDA GPU); the rest lower for any.
PLATFORM = {
    "llama3_8b_pallas_train": "tpu",
    "llama3_70b_train_5x8k": "tpu",
    "llama3_70b_train_5x8k_chunked": "tpu",
    "llama3_70b_train_3x8k": "tpu",
    "llama3_70b_train_2x8k": "tpu",
    "llama3_8b_cudnn_train": "cuda",
}

PRODUCTION = {
    "llama3_8b_train": llama3_8b_train,
    "llama3_8b_train_unrolled": llama3_8b_train_unrolled,
    "llama3_8b_train_8k": llama3_8b_train_8k,
    "llama3_70b_train": llama3_70b_train,
    "llama3_70b_train_5x8k": llama3_70b_train_5x8k,
    "llama3_70b_train_5x8k_chunked": llama3_70b_train_5x8k_chunked,
    "llama3_70b_train_3x8k": llama3_70b_train_3x8k,
    "llama3_70b_train_2x8k": llama3_70b_train_2x8k,
    "mixtral_train": mixtral_train,
    "llama3_8b_flash_train": llama3_8b_flash_train,
    "llama3_8b_kernel_train": llama3_8b_kernel_train,
    "llama3_8b_rule_kernel_train": llama3_8b_rule_kernel_train,
    "llama3_8b_pallas_train": llama3_8b_pallas_train,
    "llama3_8b_cudnn_train": llama3_8b_cudnn_train,
    "llama3_8b_decode": llama3_8b_decode,
}
