//! `wavebudget embed IN -o OUT`: occupancy data into every code object of a file (`docs/binary-format.md`):
//! `.wavebudget.*` keys in each kernel's metadata map and the `WBKT` kernel table in a `wavebudget` note.
//! What is added is decided by the engine (`wavebudget_engine::embed::additions`, the same evaluation as
//! `inspect`); this file reads arguments, writes the file and reports.

use std::path::Path;

use wavebudget_codeobj::rewrite::rewrite;
use wavebudget_codeobj::Mapped;
use wavebudget_engine::embed::additions;

use crate::args::EmbedArgs;
use crate::{write_atomic, CliError, UsageError};

pub(crate) fn embed_cmd(a: &EmbedArgs) -> Result<String, CliError> {
    let input = Path::new(&a.file);
    let output = Path::new(&a.output);
    if crate::same_file(output, input) {
        return Err(UsageError::OverwritesInput { output: a.output.clone() }.into());
    }
    let mapped = Mapped::open(input).map_err(|e| CliError::Reader(a.file.clone(), e))?;
    let (bytes, summary) =
        rewrite(mapped.bytes(), &mut |co| Ok(additions(co))).map_err(|e| CliError::Reader(a.file.clone(), e))?;
    if summary.code_objects == 0 {
        // A copy with nothing embedded would look like success.
        return Err(UsageError::NothingToEmbed { file: a.file.clone(), skipped: summary.skipped.clone() }.into());
    }
    // The input's read, write and execute bits (a HIP executable stays executable); set-user-ID,
    // set-group-ID and sticky are not copied (as `cp` without --preserve leaves them).
    let mode = std::fs::metadata(input).ok().map(|m| {
        use std::os::unix::fs::PermissionsExt;
        std::fs::Permissions::from_mode(m.permissions().mode() & 0o777)
    });
    write_atomic(output, &bytes, mode)?;
    let mut text = format!(
        "{}: {} kernel(s) in {} code object(s) -> {}\n",
        a.file, summary.kernels, summary.code_objects, a.output
    );
    for s in &summary.skipped {
        text.push_str(&format!("  skipped {s}\n"));
    }
    Ok(crate::summary_beside(&a.output, text))
}
