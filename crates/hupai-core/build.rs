//! Builds the per-suit tables of hupai-core into `OUT_DIR` (see `src/tables.rs`).
//!
//! For every suit pattern (nine counts 0..=4 with at most 14 tiles, or seven for honours) and
//! every target (m melds, m = 0..=4, without or with a pair) it finds the fewest tiles to add
//! so that the target fits in the pattern plus the added tiles, by a 0-1 breadth-first search
//! from all complete targets (removing a tile costs 0, adding one costs 1). Patterns with
//! equal distance vectors form a class (126 for number suits, 55 for honours); classes of two
//! or three suits combined by min-plus are classed again. This code shares nothing with the
//! library's search-based reference, which the tests compare against.

// A build script: a failure should stop the build at once with its message, so it unwraps
// rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(clippy::needless_range_loop)] // table code indexes several tables by the same numbers

use std::collections::{HashMap, VecDeque};
use std::fmt::Write as _;
use std::path::Path;

const MAX_TILES: usize = 14;
/// Number-suit patterns (nine counts 0..=4, at most 14 tiles) and honour patterns (seven).
const NUMBER_PATTERNS: usize = 405_350;
const HONOR_PATTERNS: usize = 43_130;
/// Targets: index `t = 5 * pair + melds`.
const TARGETS: usize = 10;
type Dist = [u8; TARGETS];

fn pow5(n: usize) -> usize {
    5usize.pow(n as u32)
}

/// All complete patterns (base-5 index) of `m` melds and an optional pair.
fn complete(n: usize, chows: bool, m: usize, pair: bool) -> Vec<usize> {
    let mut blocks: Vec<Vec<usize>> = (0..n).map(|i| vec![i, i, i]).collect();
    if chows {
        blocks.extend((0..n - 2).map(|i| vec![i, i + 1, i + 2]));
    }
    fn rec(
        blocks: &[Vec<usize>],
        start: usize,
        left: usize,
        cur: &mut [u8],
        out: &mut Vec<Vec<u8>>,
    ) {
        if left == 0 {
            out.push(cur.to_vec());
            return;
        }
        for b in start..blocks.len() {
            if blocks[b].iter().any(|&i| cur[i] >= 4)
                || (blocks[b][0] == blocks[b][1] && cur[blocks[b][0]] > 1)
            {
                continue;
            }
            blocks[b].iter().for_each(|&i| cur[i] += 1);
            rec(blocks, b, left - 1, cur, out);
            blocks[b].iter().for_each(|&i| cur[i] -= 1);
        }
    }
    let mut melds = Vec::new();
    rec(&blocks, 0, m, &mut vec![0; n], &mut melds);
    let mut out = Vec::new();
    for t in melds {
        let index = |v: &[u8]| v.iter().rev().fold(0, |a, &x| a * 5 + x as usize);
        if pair {
            for i in 0..n {
                if t[i] <= 2 {
                    let mut u = t.clone();
                    u[i] += 2;
                    out.push(index(&u));
                }
            }
        } else {
            out.push(index(&t));
        }
    }
    out
}

/// Distances for every base-5 pattern with at most 15 tiles (255 elsewhere).
fn distances(n: usize, chows: bool) -> (Vec<Dist>, Vec<u8>) {
    let size = pow5(n);
    let mut sum = vec![0u8; size];
    for x in 1..size {
        sum[x] = sum[x / 5] + (x % 5) as u8;
    }
    let mut dist = vec![[u8::MAX; TARGETS]; size];
    for t in 0..TARGETS {
        let mut queue = VecDeque::new();
        for x in complete(n, chows, t % 5, t >= 5) {
            if dist[x][t] != 0 {
                dist[x][t] = 0;
                queue.push_back(x);
            }
        }
        while let Some(x) = queue.pop_front() {
            let d = dist[x][t];
            let mut p = 1;
            let mut rest = x;
            for _ in 0..n {
                let digit = rest % 5;
                rest /= 5;
                // A pattern with one more tile reaches x by removing it: free.
                if digit < 4 && (sum[x] as usize) <= MAX_TILES && dist[x + p][t] > d {
                    dist[x + p][t] = d;
                    queue.push_front(x + p);
                }
                // A pattern with one tile fewer reaches x by adding it: one tile.
                if digit > 0 && dist[x - p][t] > d + 1 {
                    dist[x - p][t] = d + 1;
                    queue.push_back(x - p);
                }
                p *= 5;
            }
        }
    }
    (dist, sum)
}

/// Number of vectors of `len` counts 0..=4 with sum at most `r`.
fn count_vectors(len: usize, r: i32) -> u32 {
    if r < 0 {
        return 0;
    }
    if len == 0 {
        return 1;
    }
    (0..=4).map(|v| count_vectors(len - 1, r - v)).sum()
}

/// Rank table `[(i * 16 + s) * 8 + c]`: vectors before those with prefix sum `s` and value `c`
/// at position `i` (first count most significant).
fn rank_table(n: usize) -> Vec<u32> {
    let mut table = vec![0u32; n * 16 * 8];
    for i in 0..n {
        for s in 0..=MAX_TILES {
            for c in 0..=5 {
                let below: u32 = (0..c.min(5))
                    .map(|v| count_vectors(n - 1 - i, MAX_TILES as i32 - s as i32 - v as i32))
                    .sum();
                table[(i * 16 + s) * 8 + c] = below;
            }
        }
    }
    table
}

/// Three counts at a time: `[(g * 16 + s) * 128 + 25 a + 5 b + c]` is the rank contribution
/// of positions `3g..3g + 3` holding `a b c` after prefix sum `s` (positions past `n` hold 0).
fn group_table(n: usize, single: &[u32]) -> Vec<u32> {
    let mut table = vec![0u32; 3 * 16 * 128];
    for g in 0..3 {
        for s in 0..=MAX_TILES {
            for v in 0..125 {
                let digits = [v / 25, v / 5 % 5, v % 5];
                let mut sum = s;
                let mut rank = 0;
                for (k, &d) in digits.iter().enumerate() {
                    let i = 3 * g + k;
                    if i >= n {
                        break;
                    }
                    rank += single[(i * 16 + (sum & 15)) * 8 + d];
                    sum += d;
                }
                table[(g * 16 + s) * 128 + v] = rank;
            }
        }
    }
    table
}

fn combine(a: &Dist, b: &Dist) -> Dist {
    let mut r = [u8::MAX; TARGETS];
    for m in 0..5 {
        for j in 0..=m {
            r[m] = r[m].min(a[m - j] + b[j]);
            r[5 + m] = r[5 + m].min(a[5 + m - j] + b[j]).min(a[m - j] + b[5 + j]);
        }
    }
    r
}

struct Classes {
    ids: HashMap<Dist, usize>,
    list: Vec<Dist>,
}

impl Classes {
    fn new() -> Classes {
        Classes { ids: HashMap::new(), list: Vec::new() }
    }
    fn id(&mut self, d: Dist) -> usize {
        if let Some(&i) = self.ids.get(&d) {
            return i;
        }
        self.list.push(d);
        self.ids.insert(d, self.list.len() - 1);
        self.list.len() - 1
    }
}

/// Per-pattern class bytes in dense rank order (padded to `pad`), and the classes.
fn suit_tables(n: usize, chows: bool, pad: usize) -> (Vec<u8>, Classes) {
    let (dist, sum) = distances(n, chows);
    let mut classes = Classes::new();
    // Dense rank order = lexicographic with the first count most significant.
    let mut bytes = Vec::new();
    let mut digits = vec![0u8; n];
    loop {
        let total: usize = digits.iter().map(|&d| d as usize).sum();
        if total <= MAX_TILES {
            let x = digits.iter().rev().fold(0, |a, &d| a * 5 + d as usize);
            debug_assert_eq!(sum[x] as usize, total);
            bytes.push(classes.id(dist[x]) as u8);
        }
        // Next vector in lexicographic order (last digit fastest).
        let mut i = n;
        loop {
            if i == 0 {
                assert!(classes.list.len() < 256);
                bytes.resize(pad, 0);
                return (bytes, classes);
            }
            i -= 1;
            if digits[i] < 4 {
                digits[i] += 1;
                break;
            }
            digits[i] = 0;
        }
    }
}

fn write_dists(out: &mut String, name: &str, list: &[Dist], pad: usize) {
    writeln!(out, "pub(crate) static {name}: [[u8; 10]; {pad}] = [").unwrap();
    for i in 0..pad {
        let d = list.get(i).copied().unwrap_or([60; TARGETS]);
        writeln!(out, "    {d:?},").unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn write_u32s(out: &mut String, name: &str, v: &[u32]) {
    writeln!(out, "pub(crate) static {name}: [u32; {}] = {v:?};", v.len()).unwrap();
}

fn write_table<T: std::fmt::Debug>(out: &mut String, name: &str, ty: &str, rows: &[Vec<T>]) {
    let cols = rows[0].len();
    writeln!(out, "pub(crate) static {name}: [[{ty}; {cols}]; {}] = [", rows.len()).unwrap();
    for row in rows {
        writeln!(out, "    {row:?},").unwrap();
    }
    writeln!(out, "];").unwrap();
}

/// Bit `m` set: with the pair on one side and `m` melds in total, a suit of class `a` lies on
/// an optimal split with rest `b` at a target where it still lacks tiles.
fn improve_bits(a: &Dist, b: &Dist) -> u8 {
    let total = combine(a, b);
    let mut bits = 0;
    for m in 0..5 {
        for j in 0..=m {
            let ok0 = a[5 + j] > 0 && a[5 + j] + b[m - j] == total[5 + m];
            let ok1 = a[j] > 0 && a[j] + b[5 + m - j] == total[5 + m];
            if ok0 || ok1 {
                bits |= 1 << m;
            }
        }
    }
    bits
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let out_dir = std::env::var("OUT_DIR").expect("OUT_DIR");
    let out_dir = Path::new(&out_dir);

    let (mut class_bytes, suit) = suit_tables(9, true, NUMBER_PATTERNS);
    let (honor_bytes, honor) = suit_tables(7, false, HONOR_PATTERNS);
    assert_eq!(suit.list.len(), 126);
    assert_eq!(honor.list.len(), 55);
    // One class table: the number-suit patterns by rank, then the honour patterns, padded to
    // 2^19 bytes (so a masked number-suit rank and an honour rank plus the offset both index
    // it without a bounds check).
    class_bytes.extend_from_slice(&honor_bytes);
    class_bytes.resize(1 << 19, 0);
    std::fs::write(out_dir.join("class.bin"), &class_bytes).expect("write");

    // P: classes of two or three number suits (closed under adding a number suit).
    let mut pairs = Classes::new();
    let n_suit = suit.list.len();
    let mut nn = vec![vec![0u8; 128]; 128];
    for a in 0..n_suit {
        for b in 0..n_suit {
            nn[a][b] = pairs.id(combine(&suit.list[a], &suit.list[b])) as u8;
        }
    }
    let mut pn = vec![vec![0u8; 128]; 256];
    let mut p = 0;
    while p < pairs.list.len() {
        for b in 0..n_suit {
            let id = pairs.id(combine(&pairs.list[p], &suit.list[b]));
            pn[p][b] = id as u8;
        }
        p += 1;
    }
    assert!(pairs.list.len() <= 256);
    // R: a P class plus honours; F: an R class plus one more number suit.
    let mut rest = Classes::new();
    let mut ph = vec![vec![0u8; 64]; 256];
    for p in 0..pairs.list.len() {
        for h in 0..honor.list.len() {
            ph[p][h] = rest.id(combine(&pairs.list[p], &honor.list[h])) as u8;
        }
    }
    let n_rest = rest.list.len();
    let mut full = Classes::new();
    let mut improve_n = vec![vec![0u8; 128]; 256];
    for r in 0..n_rest {
        for a in 0..n_suit {
            full.id(combine(&rest.list[r], &suit.list[a]));
            improve_n[r][a] = improve_bits(&suit.list[a], &rest.list[r]);
        }
    }
    let mut improve_h = vec![vec![0u8; 64]; 256];
    for p in 0..pairs.list.len() {
        for h in 0..honor.list.len() {
            improve_h[p][h] = improve_bits(&honor.list[h], &pairs.list[p]);
        }
    }
    // Direct distances for effective tiles, one row per (melds, class of the rest): the
    // pair-target distance with `m` melds of R + a (number suit) and of P + h (honours).
    let mut rn_dist = vec![vec![60u8; 128]; 5 * 256];
    for m in 0..5 {
        for r in 0..n_rest {
            for a in 0..n_suit {
                rn_dist[m * 256 + r][a] = combine(&rest.list[r], &suit.list[a])[5 + m];
            }
        }
    }
    let mut ph_dist = vec![vec![60u8; 64]; 5 * 256];
    for m in 0..5 {
        for p in 0..pairs.list.len() {
            for h in 0..honor.list.len() {
                ph_dist[m * 256 + p][h] = rest.list[ph[p][h] as usize][5 + m];
            }
        }
    }
    assert!(n_rest <= 256 && full.list.len() <= 256);

    let mut out = String::new();
    writeln!(out, "// Generated by build.rs; do not edit.").unwrap();
    writeln!(out, "#[allow(dead_code)] // read by tests\n/// Number of classes of a number suit, of honours, of two or three number suits, of those plus honours, of all four suits.").unwrap();
    writeln!(
        out,
        "pub(crate) const CLASS_COUNTS: [usize; 5] = [{}, {}, {}, {}, {}];",
        suit.list.len(),
        honor.list.len(),
        pairs.list.len(),
        n_rest,
        full.list.len()
    )
    .unwrap();
    let (rank9, rank7) = (rank_table(9), rank_table(7));
    // Padded with GROUP_PAD zeros at both ends (see `tables::GROUP_PAD`).
    let pad = |t: Vec<u32>| [vec![0; 32], t, vec![0; 32]].concat();
    let (group9, group7) = (pad(group_table(9, &rank9)), pad(group_table(7, &rank7)));
    // The hand state's group table: both padded to 8,192 entries, number suits first, then
    // honours with the honour patterns' offset in the class table added to every first-group
    // entry (a rank is one first-group entry plus two others).
    let mut state = group9.clone();
    state.resize(8192, 0);
    for (i, &x) in group7.iter().enumerate() {
        let first_group = (32..32 + 16 * 128).contains(&i);
        state.push(x + if first_group { NUMBER_PATTERNS as u32 } else { 0 });
    }
    state.resize(16384, 0);
    write_u32s(&mut out, "GROUP9", &group9);
    write_u32s(&mut out, "GROUP7", &group7);
    write_u32s(&mut out, "STATE_GROUPS", &state);
    write_dists(&mut out, "SUIT_DIST", &suit.list, 128);
    write_dists(&mut out, "HONOR_DIST", &honor.list, 64);
    write_dists(&mut out, "REST_DIST", &rest.list, 256);
    write_dists(&mut out, "PAIR_DIST", &pairs.list, 256);
    write_table(&mut out, "NN", "u8", &nn);
    write_table(&mut out, "PN", "u8", &pn);
    write_table(&mut out, "PH", "u8", &ph);
    write_table(&mut out, "RN_DIST", "u8", &rn_dist);
    write_table(&mut out, "PH_DIST", "u8", &ph_dist);
    write_table(&mut out, "IMPROVE_N", "u8", &improve_n);
    write_table(&mut out, "IMPROVE_H", "u8", &improve_h);
    std::fs::write(out_dir.join("tables.rs"), out).expect("write");
}
