//! Relabelings of strategies that the problem's author knows leave costs unchanged: on a device mesh,
//! two axes of equal size, bandwidth and latency can trade places in every sharding without changing
//! any time or memory. Such a problem has, for every answer, a twin of the same cost, and a search that
//! reads its answer node by node can end with one part of the program in one twin and the rest in the
//! other, paying where they meet; [`crate::search::unmix`] finds such parts and turns them back.
//!
//! A symmetry is data given with the problem (the contest format carries none); nothing here trusts it:
//! every move made with one is evaluated exactly, so a relabeling that does not quite keep costs (a
//! strategy whose image the author could not find, costs that differ slightly) only makes moves that
//! do not pay.

/// One relabeling: for each node (in node order), the image of each of its strategies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Symmetry {
    /// `images[node][s]`: the strategy `s` of `node` becomes; `s` itself where it has no image.
    pub images: Vec<Vec<u32>>,
}

impl Symmetry {
    /// The image of strategy `s` of node `node`.
    pub fn image(&self, node: usize, s: usize) -> usize {
        self.images[node][s] as usize
    }
}
