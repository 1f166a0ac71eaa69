//! The `wavebudget` binary: runs the CLI and maps failures to one line on stderr and exit code 1.

fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    match wavebudget_cli::run(args) {
        Ok(out) => {
            use std::io::Write;
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (`| head`) is not an error worth a message; any other failed write (a full
            // disk) is: exit 1 rather than 0 with truncated output.
            if let Err(e) = stdout.write_all(out.as_bytes()).and_then(|_| stdout.flush()) {
                if e.kind() != std::io::ErrorKind::BrokenPipe {
                    eprintln!("error: writing the output: {}", wavebudget_model::text::printable(&e.to_string()));
                    std::process::exit(1);
                }
            }
        }
        Err(wavebudget_cli::CliError::Partial { output, errors }) => {
            // The answer for the inputs that were done, then one line for each that was not.
            use std::io::Write;
            let _ = std::io::stdout().lock().write_all(output.as_bytes());
            // stderr may be a closed pipe too (`2>&1 | head`): no panic for it, exit 1 all the same.
            let mut stderr = std::io::stderr().lock();
            for e in errors {
                let _ = writeln!(stderr, "error: {}", wavebudget_model::text::printable(&e));
            }
            std::process::exit(1);
        }
        Err(wavebudget_cli::CliError::Typed { output, errors }) => {
            // The answer for the inputs that were done, then each error as one JSON object a line.
            use std::io::Write;
            let _ = std::io::stdout().lock().write_all(output.as_bytes());
            let mut stderr = std::io::stderr().lock();
            for e in errors {
                let _ = writeln!(stderr, "{}", serde_json::to_string(&e).expect("serializable"));
            }
            std::process::exit(1);
        }
        Err(e) => {
            // One line whatever the input held: names with newlines or escape sequences are shown escaped.
            eprintln!("error: {}", wavebudget_model::text::printable(&e.to_string()));
            std::process::exit(1);
        }
    }
}
