//! Python's cyclic collector paused while many objects without cycles are made (a batch's
//! results): otherwise each few hundred new tracked objects start a collection.

use pyo3::prelude::*;

/// Pauses Python's cyclic collector when it runs; enabled again when the guard drops.
pub fn pause_gc(py: Python<'_>) -> PyResult<Option<ResumeGc<'_>>> {
    let gc = py.import("gc")?;
    if gc.call_method0("isenabled")?.is_truthy()? {
        gc.call_method0("disable")?;
        Ok(Some(ResumeGc(gc)))
    } else {
        Ok(None)
    }
}

/// Enables Python's cyclic garbage collector again when dropped.
pub struct ResumeGc<'py>(Bound<'py, PyModule>);

impl Drop for ResumeGc<'_> {
    fn drop(&mut self) {
        // Enabling cannot fail in practice; an error here has nowhere to go.
        let _ = self.0.call_method0("enable");
    }
}
