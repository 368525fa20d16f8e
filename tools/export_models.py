#!/usr/bin/env python3
"""Export the fixture models as StableHLO text, the way a JAX user would.

Plain JAX (no Flax): every model is a function of a parameter pytree and a batch, lowered with
`jax.jit(f).lower(...)` on abstract shapes (no device memory is touched). The output is the text that
`Lowered.as_text(debug_info=True)` prints, the same text automap reads from its users.

    python3 tools/export_models.py --out tests/fixtures            # all fixtures
    python3 tools/export_models.py --out exports/big --only gpt_train --layers 24
    python3 tools/export_models.py --list
    python3 tools/export_models.py --production --out tests/fixtures/production   # true sizes
    python3 tools/export_models.py --production --scale 16 --out exports/small        # same ops, small

Each file starts with a comment naming the jax version that made it, so a diff of a fixture also shows a
change of exporter.
"""

from __future__ import annotations

import argparse
import math
import pathlib
import sys

import jax
import jax.numpy as jnp
import production_models

# Virtual CPU devices for the models lowered in a mesh context (the production mesh has 64; nothing
# runs). Set by `main` only, before JAX starts its backend: a program importing this module keeps its own.
MESH_DEVICES = 64

F32 = jnp.float32
REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent


def sds(shape, dtype=F32):
    return jax.ShapeDtypeStruct(shape, dtype)


# ----------------------------------------------------------------------------------------------------
# 2-layer MLP (forward and loss)
# ----------------------------------------------------------------------------------------------------
def mlp(cfg):
    batch, d_in, d_hidden, d_out = 16, 64, 256, 32

    def f(params, x):
        h = jax.nn.relu(x @ params["w1"] + params["b1"])
        return h @ params["w2"] + params["b2"]

    params = {"w1": sds((d_in, d_hidden)), "b1": sds((d_hidden,)),
              "w2": sds((d_hidden, d_out)), "b2": sds((d_out,))}
    return f, (params, sds((batch, d_in)))


# ----------------------------------------------------------------------------------------------------
# GPT-style decoder stack
# ----------------------------------------------------------------------------------------------------
def gpt_config(cfg):
    return dict(vocab=256, d_model=64, heads=4, seq=32, batch=8, d_ff=256, layers=cfg.layers)


def layer_norm(x, g, b, eps=1e-5):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean(jnp.square(x - mean), axis=-1, keepdims=True)
    return (x - mean) * jax.lax.rsqrt(var + eps) * g + b


def attention(p, x, heads):
    batch, seq, d = x.shape
    hd = d // heads
    q = (x @ p["wq"]).reshape(batch, seq, heads, hd)
    k = (x @ p["wk"]).reshape(batch, seq, heads, hd)
    v = (x @ p["wv"]).reshape(batch, seq, heads, hd)
    scores = jnp.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(hd)
    mask = jnp.tril(jnp.ones((seq, seq), dtype=bool))
    scores = jnp.where(mask, scores, jnp.finfo(F32).min)
    probs = jax.nn.softmax(scores, axis=-1)
    out = jnp.einsum("bhqk,bkhd->bqhd", probs, v).reshape(batch, seq, d)
    return out @ p["wo"]


def gpt_forward_fn(c):
    def f(params, tokens):
        x = params["wte"][tokens] + params["wpe"][None, :, :]
        for p in params["layers"]:
            x = x + attention(p, layer_norm(x, p["ln1_g"], p["ln1_b"]), c["heads"])
            h = layer_norm(x, p["ln2_g"], p["ln2_b"])
            x = x + jax.nn.gelu(h @ p["w1"]) @ p["w2"]
        x = layer_norm(x, params["lnf_g"], params["lnf_b"])
        return x @ params["wte"].T

    return f


def gpt_params(c):
    d, f = c["d_model"], c["d_ff"]
    layer = {"ln1_g": sds((d,)), "ln1_b": sds((d,)),
             "wq": sds((d, d)), "wk": sds((d, d)), "wv": sds((d, d)), "wo": sds((d, d)),
             "ln2_g": sds((d,)), "ln2_b": sds((d,)), "w1": sds((d, f)), "w2": sds((f, d))}
    return {"wte": sds((c["vocab"], d)), "wpe": sds((c["seq"], d)),
            "layers": [dict(layer) for _ in range(c["layers"])],
            "lnf_g": sds((d,)), "lnf_b": sds((d,))}


def gpt_forward(cfg):
    c = gpt_config(cfg)
    return gpt_forward_fn(c), (gpt_params(c), sds((c["batch"], c["seq"]), jnp.int32))


def gpt_serve(cfg):
    """The decoder's forward pass shaped like serving: one sequence, wide layers. Its weights (6.3 MiB)
    dwarf its activations (32 KiB per hidden state), the regime where Megatron's two all-reduces of
    activations per layer beat gathering weights."""
    c = dict(gpt_config(cfg), d_model=256, d_ff=1024, batch=1)
    return gpt_forward_fn(c), (gpt_params(c), sds((c["batch"], c["seq"]), jnp.int32))


def train_step(forward, lr=1e-2):
    """value_and_grad of the next-token loss of `forward`, then an SGD update."""
    def loss_fn(params, tokens, targets):
        logits = forward(params, tokens)
        logp = jax.nn.log_softmax(logits, axis=-1)
        picked = jnp.take_along_axis(logp, targets[..., None], axis=-1)
        return -jnp.mean(picked)

    def step(params, tokens, targets):
        loss, grads = jax.value_and_grad(loss_fn)(params, tokens, targets)
        new_params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
        return new_params, loss

    return step


def gpt_train(cfg):
    """One training step: value_and_grad of the next-token loss, then an SGD update."""
    c = gpt_config(cfg)
    tok = sds((c["batch"], c["seq"]), jnp.int32)
    return train_step(gpt_forward_fn(c)), (gpt_params(c), tok, tok)


def gpt_scan_fn(c):
    """The decoder of `gpt_forward_fn` with its layers stacked on a leading axis and run by
    `jax.lax.scan`, as MaxText and Flax's `nn.scan` write them: one `while` forward, one backward."""
    def f(params, tokens):
        x = params["wte"][tokens] + params["wpe"][None, :, :]

        def layer(x, p):
            x = x + attention(p, layer_norm(x, p["ln1_g"], p["ln1_b"]), c["heads"])
            h = layer_norm(x, p["ln2_g"], p["ln2_b"])
            return x + jax.nn.gelu(h @ p["w1"]) @ p["w2"], None

        x, _ = jax.lax.scan(layer, x, params["layers"])
        x = layer_norm(x, params["lnf_g"], params["lnf_b"])
        return x @ params["wte"].T

    return f


def stacked(params):
    """`gpt_params` with the per-layer dicts stacked into one dict of `[layers, ...]` arrays."""
    layers = params["layers"]
    return dict(params, layers={k: sds((len(layers),) + v.shape, v.dtype) for k, v in layers[0].items()})


def gpt_train_scan(cfg):
    """`gpt_train` with its layers scanned: the same computation, the layers' weights stacked."""
    c = gpt_config(cfg)
    tok = sds((c["batch"], c["seq"]), jnp.int32)
    return train_step(gpt_scan_fn(c)), (stacked(gpt_params(c)), tok, tok)


def fori(cfg):
    """A `fori_loop` of residual tanh blocks reading a stacked weight by the loop's counter, and a loop
    whose trip count the program does not state (a `while_loop` on a tensor's norm)."""
    steps, batch, d = 6, 32, 128

    def f(ws, x):
        x = jax.lax.fori_loop(0, steps, lambda i, x: x + jnp.tanh(x @ ws[i]), x)
        return jax.lax.while_loop(lambda x: jnp.sum(x * x) > 1.0, lambda x: x * 0.5, x)

    return f, (sds((steps, d, d)), sds((batch, d)))


def scan_offload(cfg):
    """The gradient of a residual GELU MLP of 6 layers scanned under `jax.checkpoint` (bf16; batch 256,
    width 128, hidden 384): the forward scan stacks each layer's input for the backward scan, the value a
    plan may keep in host memory."""
    layers, batch, d, hidden = 6, 256, 128, 384

    def layer(x, p):
        w1, w2 = p
        return x + jax.nn.gelu(x @ w1) @ w2

    def loss(params, x):
        y, _ = jax.lax.scan(lambda c, p: (jax.checkpoint(layer)(c, p), None), x, params)
        return jnp.mean(y.astype(F32) ** 2)

    bf16 = jnp.bfloat16
    return jax.grad(loss), ((sds((layers, d, hidden), bf16), sds((layers, hidden, d), bf16)), sds((batch, d), bf16))


# ----------------------------------------------------------------------------------------------------
# LLaMA-style decoder (RMSNorm, SwiGLU MLP, no positional table), named as a PyTorch checkpoint names its
# weights, and the same with its weights as bare positional arguments: no name a recipe could know
# ----------------------------------------------------------------------------------------------------
def llama_config(cfg):
    return dict(vocab=128, d_model=96, heads=8, seq=16, batch=4, d_ff=160, layers=cfg.layers + 1)


def rms_norm(x, g, eps=1e-6):
    return x * jax.lax.rsqrt(jnp.mean(jnp.square(x), axis=-1, keepdims=True) + eps) * g


LLAMA_LAYER = ("input_layernorm", "self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj", "self_attn.o_proj",
               "post_attention_layernorm", "mlp.gate_proj", "mlp.up_proj", "mlp.down_proj")


def llama_forward(c, get, tokens):
    """The decoder on `get(name)` weights, by PyTorch name."""
    b, s = tokens.shape
    d, h = c["d_model"], c["heads"]
    x = get("embed_tokens")[tokens]
    mask = jnp.tril(jnp.ones((s, s), dtype=bool))
    for i in range(c["layers"]):
        w = lambda n, i=i: get(f"layers.{i}.{n}")  # noqa: E731
        y = rms_norm(x, w("input_layernorm"))
        q, k, v = ((y @ w(f"self_attn.{n}_proj")).reshape(b, s, h, d // h) for n in "qkv")
        scores = jnp.where(mask, jnp.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(d // h), jnp.finfo(F32).min)
        att = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(scores, axis=-1), v).reshape(b, s, d)
        x = x + att @ w("self_attn.o_proj")
        y = rms_norm(x, w("post_attention_layernorm"))
        x = x + (jax.nn.silu(y @ w("mlp.gate_proj")) * (y @ w("mlp.up_proj"))) @ w("mlp.down_proj")
    return rms_norm(x, get("norm")) @ get("lm_head")


def llama_shapes(c):
    d, f = c["d_model"], c["d_ff"]
    layer = {"input_layernorm": (d,), "self_attn.q_proj": (d, d), "self_attn.k_proj": (d, d),
             "self_attn.v_proj": (d, d), "self_attn.o_proj": (d, d), "post_attention_layernorm": (d,),
             "mlp.gate_proj": (d, f), "mlp.up_proj": (d, f), "mlp.down_proj": (f, d)}
    shapes = {"embed_tokens": (c["vocab"], d)}
    for i in range(c["layers"]):
        shapes.update({f"layers.{i}.{n}": layer[n] for n in LLAMA_LAYER})
    shapes.update({"norm": (d,), "lm_head": (d, c["vocab"])})
    return shapes


def llama_torch(cfg):
    c = llama_config(cfg)
    shapes = llama_shapes(c)

    def f(state_dict, input_ids):
        return llama_forward(c, state_dict.__getitem__, input_ids)

    return f, ({n: sds(sh) for n, sh in shapes.items()}, sds((c["batch"], c["seq"]), jnp.int32))


def llama_positional(cfg):
    c = llama_config(cfg)
    names = list(llama_shapes(c))

    def f(input_ids, *weights):
        return llama_forward(c, dict(zip(names, weights, strict=True)).__getitem__, input_ids)

    return f, (sds((c["batch"], c["seq"]), jnp.int32), *(sds(sh) for sh in llama_shapes(c).values()))


# ----------------------------------------------------------------------------------------------------
# Graph network: gather node features along edges, scatter-add messages back (segment_sum)
# ----------------------------------------------------------------------------------------------------
def gnn(cfg):
    nodes, edges, d, d_msg = 64, 256, 32, 64

    def f(params, x, senders, receivers):
        for p in params:
            msg = jnp.concatenate([x[senders], x[receivers]], axis=-1)
            msg = jax.nn.relu(msg @ p["w_msg"] + p["b_msg"])
            agg = jax.ops.segment_sum(msg, receivers, num_segments=nodes)
            x = x + jnp.tanh(jnp.concatenate([x, agg], axis=-1) @ p["w_upd"])
        return x

    layer = {"w_msg": sds((2 * d, d_msg)), "b_msg": sds((d_msg,)), "w_upd": sds((d + d_msg, d))}
    idx = sds((edges,), jnp.int32)
    return f, ([dict(layer) for _ in range(2)], sds((nodes, d)), idx, idx)


# ----------------------------------------------------------------------------------------------------
# Small conv net, training step (convolution, reduce_window, select_and_scatter in the gradient)
# ----------------------------------------------------------------------------------------------------
def cnn_train(cfg):
    batch, hw, c_in, c1, classes = 8, 16, 3, 16, 10

    def forward(p, x):
        y = jax.lax.conv_general_dilated(x, p["k1"], (1, 1), "SAME",
                                         dimension_numbers=("NHWC", "HWIO", "NHWC"))
        y = jax.nn.relu(y + p["b1"])
        y = jax.lax.reduce_window(y, -jnp.inf, jax.lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        y = jnp.mean(y, axis=(1, 2))
        return y @ p["w_out"]

    def loss_fn(p, x, labels):
        logp = jax.nn.log_softmax(forward(p, x))
        return -jnp.mean(jnp.sum(jax.nn.one_hot(labels, classes) * logp, axis=-1))

    def step(p, x, labels):
        loss, g = jax.value_and_grad(loss_fn)(p, x, labels)
        return jax.tree_util.tree_map(lambda a, b: a - 0.1 * b, p, g), loss

    params = {"k1": sds((3, 3, c_in, c1)), "b1": sds((c1,)), "w_out": sds((c1, classes))}
    return step, (params, sds((batch, hw, hw, c_in)), sds((batch,), jnp.int32))


# ----------------------------------------------------------------------------------------------------
# Mixture-of-experts layer (top-1 routing, dense dispatch with einsum)
# ----------------------------------------------------------------------------------------------------
def moe(cfg):
    tokens, d, experts, d_ff = 64, 32, 4, 64

    def f(p, x):
        logits = x @ p["router"]
        probs = jax.nn.softmax(logits, axis=-1)
        choice = jnp.argmax(probs, axis=-1)
        gate = jnp.max(probs, axis=-1, keepdims=True)
        dispatch = jax.nn.one_hot(choice, experts, dtype=x.dtype)
        xe = jnp.einsum("te,td->etd", dispatch, x)
        h = jax.nn.gelu(jnp.einsum("etd,edf->etf", xe, p["w1"]))
        ye = jnp.einsum("etf,efd->etd", h, p["w2"])
        return jnp.einsum("etd,te->td", ye, dispatch) * gate

    params = {"router": sds((d, experts)), "w1": sds((experts, d, d_ff)), "w2": sds((experts, d_ff, d))}
    return f, (params, sds((tokens, d)))


# ----------------------------------------------------------------------------------------------------
# Control flow and calls: a scanned layer (while), a switch (case) and a non-inlined call
# ----------------------------------------------------------------------------------------------------
def control_flow(cfg):
    d = 16

    @jax.jit
    def block(w, x):  # a nested jit becomes a func.call to a private function
        return jnp.tanh(x @ w)

    def f(ws, x, branch):
        def body(carry, w):
            return block(w, carry), None

        x, _ = jax.lax.scan(body, x, ws)
        return jax.lax.switch(branch, [lambda v: v * 2.0, lambda v: v - 1.0, jnp.sin], x)

    return f, (sds((3, d, d)), sds((4, d)), sds((), jnp.int32))


def cond_train(cfg):
    """A training step through `jax.lax.cond`: a runtime flag picks one of two MLP paths, so the program
    holds a `stablehlo.case` forward (returning the residuals of both paths) and another backward."""
    batch, d, hidden = 64, 128, 512

    def path(w_in, w_out, x):
        return jnp.tanh(x @ w_in) @ w_out

    def loss_fn(p, x, y, flag):
        out = jax.lax.cond(flag > 0,
                           lambda x: path(p["a_in"], p["a_out"], x),
                           lambda x: path(p["b_in"], p["b_out"], jax.nn.relu(x)),
                           x)
        return jnp.mean((out - y) ** 2)

    def step(p, x, y, flag):
        loss, grads = jax.value_and_grad(loss_fn)(p, x, y, flag)
        return jax.tree_util.tree_map(lambda w, g: w - 1e-2 * g, p, grads), loss

    params = {"a_in": sds((d, hidden)), "a_out": sds((hidden, d)),
              "b_in": sds((d, hidden)), "b_out": sds((hidden, d))}
    return step, (params, sds((batch, d)), sds((batch, d)), sds((), jnp.int32))


def llama_remat_train(cfg):
    """The Llama 3 8B training step of tools/production_models.py (scanned layers under `jax.checkpoint`,
    bf16 compute on f32 master weights, AdamW, GQA, RoPE, the state donated) at 1/64 of its widths."""
    return production_models.llama3_8b_train(scale=64)


def llama_rule_kernel_train(cfg):
    """The same with the kernels under `custom_partitioning` and a Shardy sharding rule (the
    custom_calls carry `sdy.sharding_rule`), lowered on a (data=2, model=4) mesh."""
    return production_models.llama3_8b_rule_kernel_train(scale=64, mesh_axes=(("data", 2), ("model", 4)))


def llama_kernel_train(cfg):
    """The same at 1/64 with attention as opaque kernels (custom_calls) in `shard_map` over a
    (data=2, model=4) mesh, as specs/meshes/cpu-2x4.yaml: batch over data, KV heads over model."""
    return production_models.llama3_8b_kernel_train(scale=64, mesh_axes=(("data", 2), ("model", 4)))


def llama_pallas_train(cfg):
    """The same at 1/16 with attention as Pallas's TPU flash attention kernel in `shard_map` over a
    (data=2, model=4) mesh (lowered for a TPU: each call carries the kernel's cost estimate)."""
    return production_models.llama3_8b_pallas_train(scale=16, mesh_axes=(("data", 2), ("model", 4)))


def llama_cudnn_train(cfg):
    """The same at 1/16 with attention as cuDNN's fused attention in `shard_map` over a (data=2,
    model=4) mesh (lowered for a CUDA GPU)."""
    return production_models.llama3_8b_cudnn_train(scale=16, mesh_axes=(("data", 2), ("model", 4)))


# The platform each small model's kernels are written for (see production_models.PLATFORM).
KERNEL_PLATFORM = {"llama_pallas_train": "tpu", "llama_cudnn_train": "cuda"}


def sampling(cfg):
    """A sampling step with ops the other fixtures lack: random bits (`rng_bit_generator`, JAX's "rbg"
    PRNG), a `sort`, `chlo.top_k`, and a collective already in the program (a `psum` inside `shard_map`
    over a (data=2, model=4) mesh, as specs/meshes/cpu-2x4.yaml)."""
    from jax.sharding import AbstractMesh
    from jax.sharding import PartitionSpec as P

    batch, d, vocab, k = 64, 32, 128, 4
    mesh = AbstractMesh((2, 4), ("data", "model"))

    def column_sums(h):
        return jax.lax.psum(jnp.sum(h, axis=0, keepdims=True), "data")

    def step(x, w, key):
        logits = jnp.tanh(x @ w)
        noise = jax.random.uniform(jax.random.wrap_key_data(key, impl="rbg"), logits.shape)
        bias = jax.shard_map(column_sums, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None),
                             check_vma=False)(logits)
        scores = logits + 1e-3 * noise - 1e-3 * bias
        top, idx = jax.lax.top_k(scores, k)
        return bias, top, idx, jnp.sort(scores, axis=-1)

    return step, (sds((batch, d)), sds((d, vocab)), sds((4,), jnp.uint32))


MODELS = {
    "mlp": mlp,
    "gpt_forward": gpt_forward,
    "gpt_serve": gpt_serve,
    "gpt_train": gpt_train,
    "llama_torch": llama_torch,
    "llama_positional": llama_positional,
    "gnn": gnn,
    "cnn_train": cnn_train,
    "moe": moe,
    "control_flow": control_flow,
    "gpt_train_scan": gpt_train_scan,
    "fori": fori,
    "scan_offload": scan_offload,
    "cond_train": cond_train,
    "llama_remat_train": llama_remat_train,
    "llama_kernel_train": llama_kernel_train,
    "llama_pallas_train": llama_pallas_train,
    "llama_cudnn_train": llama_cudnn_train,
    "llama_rule_kernel_train": llama_rule_kernel_train,
    "sampling": sampling,
}

# Fixtures also written in MLIR's generic op form, so that both printer styles stay covered.
GENERIC = tuple(MODELS)

# Production-size models (tools/production_models.py), written to tests/fixtures/production/; `--scale`
# divides their widths for runs that XLA can execute.
PRODUCTION = production_models.PRODUCTION


def export(name, cfg, generic=False):
    made = PRODUCTION[name](cfg.scale) if name in PRODUCTION else MODELS[name](cfg)
    fn, args = made[:2]
    donate = made[2] if len(made) > 2 else ()
    platform = production_models.PLATFORM.get(name) or KERNEL_PLATFORM.get(name)
    platforms = {"lowering_platforms": (platform,)} if platform else {}

    def lower():
        return jax.jit(fn, donate_argnums=donate).trace(*args).lower(**platforms)

    if len(made) > 3:  # lowered in the model's mesh context (custom_partitioning needs one)
        with jax.set_mesh(made[3]):
            lowered = lower()
    else:
        lowered = lower()
    if generic:
        ir = lowered.compiler_ir("stablehlo")
        text = ir.operation.get_asm(print_generic_op_form=True, enable_debug_info=True)
    else:
        text = lowered.as_text(debug_info=True)
    # Source locations name this script by its absolute path; keep them relative to the repository so
    # that fixtures do not depend on where the repository was checked out.
    text = text.replace(str(REPO_ROOT) + "/", "")
    shape = f"scale=1/{cfg.scale}" if name in PRODUCTION else f"layers={cfg.layers}"
    header = f"// Exported by tools/export_models.py ({name}, {shape}) with jax {jax.__version__}.\n"
    return header + text


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=pathlib.Path, default=pathlib.Path("tests/fixtures"))
    ap.add_argument("--only", action="append", choices=sorted(MODELS) + sorted(PRODUCTION),
                    help="export just this model (repeatable)")
    ap.add_argument("--production", action="store_true",
                    help="export the production-size models (tools/production_models.py) instead of the small ones")
    ap.add_argument("--scale", type=int, default=1,
                    help="divide the production models' widths, batch and sequence by this (default 1: true size)")
    ap.add_argument("--layers", type=int, default=2, help="decoder layers of the GPT models (default 2)")
    ap.add_argument("--generic", action="store_true", help="write only the generic op form of every model")
    ap.add_argument("--list", action="store_true", help="list the models and exit")
    cfg = ap.parse_args(argv)
    jax.config.update("jax_num_cpu_devices", MESH_DEVICES)
    if cfg.list:
        print("\n".join(sorted(MODELS) + sorted(PRODUCTION)))
        return 0
    cfg.out.mkdir(parents=True, exist_ok=True)
    names = cfg.only or list(PRODUCTION if cfg.production else MODELS)
    for name in names:
        if name in PRODUCTION:
            suffix = "" if cfg.scale == 1 else f"_scale{cfg.scale}"
        else:
            suffix = "" if cfg.layers == 2 else f"_{cfg.layers}l"
        forms = [True] if cfg.generic else [False] + ([True] if name in GENERIC and not cfg.only else [])
        for generic in forms:
            path = cfg.out / f"{name}{suffix}{'.generic' if generic else ''}.mlir"
            text = export(name, cfg, generic)
            path.write_text(text)
            print(f"wrote {path} ({len(text):,} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
