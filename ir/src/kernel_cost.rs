//! What a kernel (a `custom_call`) costs: its FLOPs, transcendental operations and bytes accessed, and
//! who said so. XLA cannot see inside a kernel, so neither can automap: the figure comes from the program
//! (a Pallas kernel's `cost_estimate`, which JAX writes into the call's `backend_config`), from a formula
//! for a known library kernel, or from the user.

/// Who gave a kernel's cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CostSource {
    /// The program: the `cost_estimate` its author gave the Pallas kernel.
    Program,
    /// automap's formula for a known library kernel (cuDNN's fused attention), from the operand shapes.
    Library,
    /// The user's kernel table (`--kernels`).
    User,
}

/// A kernel's work per call, at the shapes the call has in the module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KernelCost {
    /// Floating-point operations (a multiply-add counts 2).
    pub flops: u64,
    /// Transcendental operations (exp, log, ...), counted apart as XLA counts them.
    pub transcendentals: u64,
    /// Bytes the kernel reads and writes in device memory; `None`: its operands and results once.
    pub bytes: Option<u64>,
    /// Who gave the figures.
    pub source: CostSource,
}

/// What the program says a call to `target` (a Pallas kernel named `kernel`) costs: its Pallas cost
/// estimate ([`from_backend_config`]), else a known library kernel's formula ([`library`]); `None` for
/// a kernel nothing prices.
pub fn from_call(
    target: &str,
    kernel: Option<&str>,
    config: Option<&str>,
    operands: &[&crate::Type],
) -> Option<KernelCost> {
    config.and_then(from_backend_config).or_else(|| library(target, kernel, config, operands))
}

/// Target-name prefixes of cuDNN's fused attention (what `jax.nn.dot_product_attention(
/// implementation="cudnn")` lowers to): `__cudnn$fmhaSoftmax`, `__cudnn$fmhaScaleBiasSoftmax`, ... and
/// each one's `...Backward`.
pub const CUDNN_ATTENTION: &str = "__cudnn$fmha";

/// Pallas's TPU flash attention (`jax.experimental.pallas.ops.tpu.flash_attention`) by kernel name, and
/// the matmuls each runs per score: the forward two (`4·BHSTD`, as the estimate it carries counts them),
/// the backward's key/value kernel four (the scores recomputed, `dP`, `dV`, `dK`), its query kernel
/// three (the scores, `dP`, `dQ`). Its backward kernels carry no estimate.
const PALLAS_FLASH: &[(&str, u64)] =
    &[("_flash_attention_kernel", 2), ("_flash_attention_dkv_kernel", 4), ("_flash_attention_dq_kernel", 3)];

/// A known library kernel's cost from its config and operand shapes.
///
/// Pallas's TPU flash attention (`PALLAS_FLASH`): operands `q` `[B, H, S, D]` and `k` `[B, H, T, D]`
/// first, `2·BHSTD` per matmul, one exp per score (the kernel's own estimate counts every score
/// whatever the mask, so these do too).
///
/// cuDNN's fused attention: the
/// config gives the score matrix's dimensions `[B, H, S, T]` (`intermediate_tensor_shape`), the query's
/// last dimension is the head dimension `D`, the value's `Dv`. The forward pass runs two matmuls
/// (`2·BHST·D` for the scores, `2·BHST·Dv` for the output) and one exp per score; the backward pass five
/// (the scores recomputed, `dV`, `dP`, `dQ`, `dK`: `2·BHST·(3D + 2Dv)`). A causal mask halves both: the
/// flash kernel skips the blocks above the diagonal.
pub fn library(
    target: &str,
    kernel: Option<&str>,
    config: Option<&str>,
    operands: &[&crate::Type],
) -> Option<KernelCost> {
    let shape = |k: usize| -> Option<Vec<u64>> {
        Some(operands.get(k)?.as_tensor()?.shape.iter().map(|&d| d.max(0) as u64).collect())
    };
    let (bhst, per_score, exps) = if let Some(&(_, matmuls)) = PALLAS_FLASH.iter().find(|(n, _)| Some(*n) == kernel) {
        let (q, k) = (shape(0)?, shape(1)?);
        let (&[b, h, s, d], &[_, _, t, _]) = (q.as_slice(), k.as_slice()) else { return None };
        let bhst = product(&[b, h, s, t]);
        (bhst, d * matmuls, bhst)
    } else if target.starts_with(CUDNN_ATTENTION) {
        let fmha = section(config?, "cudnn_fmha_backend_config")?;
        let scores: Vec<u64> =
            fmha.get("intermediate_tensor_shape")?.get("dimensions")?.as_array()?.iter().filter_map(number).collect();
        let (d, dv) = (*shape(0)?.last()?, *shape(2)?.last()?);
        let causal = fmha.get("mask_type").and_then(|t| t.as_str()).is_some_and(|t| t.contains("CAUSAL"));
        let bhst = product(&scores) / if causal { 2 } else { 1 };
        (bhst, if target.contains("Backward") { 3 * d + 2 * dv } else { d + dv }, bhst)
    } else {
        return None;
    };
    let flops = product(&[2, bhst, per_score]);
    Some(KernelCost { flops, transcendentals: exps, bytes: None, source: CostSource::Library })
}

/// A product of counts, saturating (a malformed shape must not overflow).
fn product(xs: &[u64]) -> u64 {
    xs.iter().fold(1u64, |a, &x| a.saturating_mul(x))
}

/// The object under `key` anywhere in the JSON text `config`.
fn section(config: &str, key: &str) -> Option<serde_json::Value> {
    let doc: serde_json::Value = serde_json::from_str(config).ok()?;
    find_key(&doc, key).cloned()
}

/// The cost a Pallas kernel's author gave it, from the call's `backend_config`: JAX writes
/// `{"custom_call_config": {..., "cost_estimate": {"flops": F, "transcendentals": T, "bytes_accessed": B}}}`
/// (Mosaic TPU kernels). `None` when the config says nothing of cost or is not JSON.
pub fn from_backend_config(config: &str) -> Option<KernelCost> {
    if !config.contains("cost_estimate") {
        return None;
    }
    let estimate = section(config, "cost_estimate")?;
    let count = |key: &str| estimate.get(key).and_then(number);
    Some(KernelCost {
        flops: count("flops")?,
        transcendentals: count("transcendentals").unwrap_or(0),
        bytes: count("bytes_accessed"),
        source: CostSource::Program,
    })
}

/// The first value under `key` anywhere in `v`, depth first.
fn find_key<'a>(v: &'a serde_json::Value, key: &str) -> Option<&'a serde_json::Value> {
    match v {
        serde_json::Value::Object(map) => map.get(key).or_else(|| map.values().find_map(|x| find_key(x, key))),
        serde_json::Value::Array(items) => items.iter().find_map(|x| find_key(x, key)),
        _ => None,
    }
}

/// A count written as a JSON number or a decimal string (protobuf's JSON form of an int64).
fn number(v: &serde_json::Value) -> Option<u64> {
    match v {
        serde_json::Value::Number(n) => n.as_u64().or_else(|| n.as_f64().filter(|f| *f >= 0.0).map(|f| f as u64)),
        serde_json::Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// As JAX 0.10 writes a Pallas TPU flash attention kernel's config (body elided).
    #[test]
    fn reads_a_pallas_cost_estimate() {
        let config = r#"{"custom_call_config": {"body": "TUzvUgFN", "cost_estimate": {
"bytes_accessed":8388608,
"flops":4320133120,
"remote_bytes_transferred":0,
"transcendentals":8388608
}, "serialization_format": 1, "needs_layout_passes": true}}"#;
        let c = from_backend_config(config).unwrap();
        assert_eq!(c.flops, 4_320_133_120);
        assert_eq!(c.transcendentals, 8_388_608);
        assert_eq!(c.bytes, Some(8_388_608));
        assert_eq!(c.source, CostSource::Program);
    }

    /// cuDNN's causal attention over 2 x 8 heads x 1,024 x 1,024 scores, head dimension 128, as JAX 0.10
    /// writes its config (abridged): forward `2·BHST·256 / 2`, backward `2·BHST·640 / 2`.
    #[test]
    fn prices_cudnn_attention_from_its_config() {
        let config = r#"{"operation_queue_id": "0", "cudnn_fmha_backend_config": {"fmha_scale": 0.088,
            "intermediate_tensor_shape": {"element_type": "BF16", "dimensions": ["2", "8", "1024", "1024"]},
            "is_flash_attention": true, "mask_type": "CAUSAL"}}"#;
        let t = |shape: &[i64]| {
            crate::Type::Tensor(crate::TensorType { shape: shape.to_vec(), elem: crate::ElemType::BF16 })
        };
        let (q, kv) = (t(&[2, 1024, 8, 128]), t(&[2, 1024, 2, 128]));
        let types = [&q, &kv, &kv];
        let bhst = 2 * 8 * 1024 * 1024u64;
        let fwd = from_call("__cudnn$fmhaSoftmax", None, Some(config), &types).unwrap();
        assert_eq!((fwd.flops, fwd.transcendentals, fwd.source), (bhst * 256, bhst / 2, CostSource::Library));
        let bwd = from_call("__cudnn$fmhaSoftmaxBackward", None, Some(config), &types).unwrap();
        assert_eq!(bwd.flops, bhst * 640);
        let full = config.replace("CAUSAL", "NO_MASK");
        assert_eq!(from_call("__cudnn$fmhaSoftmax", None, Some(&full), &types).unwrap().flops, bhst * 512);
        assert_eq!(from_call("my_kernel", None, Some(config), &types), None);
    }

    /// Pallas's flash attention backward kernels carry no estimate: priced by name.
    #[test]
    fn prices_pallas_flash_backward_by_kernel_name() {
        let t = |shape: &[i64]| {
            crate::Type::Tensor(crate::TensorType { shape: shape.to_vec(), elem: crate::ElemType::BF16 })
        };
        let (q, k) = (t(&[4, 8, 512, 64]), t(&[4, 8, 1024, 64]));
        let bhst = 4 * 8 * 512 * 1024u64;
        let price = |name| from_call("tpu_custom_call", Some(name), Some("{}"), &[&q, &k, &k]).map(|c| c.flops);
        assert_eq!(price("_flash_attention_dkv_kernel"), Some(8 * bhst * 64));
        assert_eq!(price("_flash_attention_dq_kernel"), Some(6 * bhst * 64));
        assert_eq!(price("_my_kernel"), None);
    }

    #[test]
    fn a_config_without_an_estimate_gives_none() {
        assert_eq!(from_backend_config(r#"{"custom_call_config": {"body": "x"}}"#), None);
        assert_eq!(from_backend_config("cost_estimate but not JSON"), None);
        assert_eq!(from_backend_config(r#"{"cost_estimate": {"bytes_accessed": 4}}"#), None);
        let strings = r#"{"cost_estimate": {"flops": "12", "bytes_accessed": "4"}}"#;
        assert_eq!(from_backend_config(strings).map(|c| (c.flops, c.bytes)), Some((12, Some(4))));
    }
}
