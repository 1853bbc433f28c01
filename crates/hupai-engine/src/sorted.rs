//! Keeping a short hand sorted as tiles come and go: the engine's concealed tiles (`Player`)
//! and a seat's view of its own hand (`PlayerView`) both add and remove one tile at a time.

/// Inserts `x` into the sorted `v`, keeping it sorted, by one step of insertion sort: a hand
/// is short, and a call to move its tail costs more than the few tiles moved.
pub(crate) fn insert_sorted<T: Ord + Copy>(v: &mut Vec<T>, x: T) {
    v.push(x);
    let v = v.as_mut_slice();
    let mut i = v.len() - 1;
    while i > 0 && v[i - 1] > x {
        v[i] = v[i - 1];
        i -= 1;
    }
    v[i] = x;
}

/// Removes the element at `at` from `v`, keeping the rest in order, by moving the tail one
/// place down element by element: a hand is short, and `Vec::remove`'s call to move its tail
/// costs more than the few tiles moved.
pub(crate) fn remove_at<T: Copy>(v: &mut Vec<T>, at: usize) {
    for i in at + 1..v.len() {
        v[i - 1] = v[i];
    }
    v.pop();
}
