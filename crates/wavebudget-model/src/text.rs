//! Text from inputs made safe for a terminal: kernel names, symbols and paths come from code objects, IR
//! and cache directories, and may hold newlines, ESC or OSC sequences that would forge a line, change
//! colours or set a terminal's title. Every text output (tables, notes, one-line errors) shows them
//! through [`printable`]; JSON keeps them exact.

use std::borrow::Cow;

/// An argument every door takes, named in a refusal as the door in use spells it: `--wg-size` (the CLI,
/// and the default for any Rust caller) or `wg_size` (Python, whose native module says so once when it is
/// imported, and C, whose library says so at its first call: [`spell_arguments_as`]). The refusal is
/// worded once, with the right name in it; no door rewrites the text afterwards (which would also rewrite a
/// user's path or kernel name that holds `--kernel`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arg(pub &'static str);

/// The arguments the door in use takes by another spelling than the CLI's (`wg_size` for `wg-size`), set
/// once per process by the door; empty in the CLI and for any Rust caller.
static OTHER_SPELLING: std::sync::OnceLock<&'static [&'static str]> = std::sync::OnceLock::new();

/// Refusals made from now on in this process name arguments as the door's own: each of `names` (its
/// spelling, `wg_size`: the arguments Python's calls take, as their signatures name them, or the
/// parameters of C's functions) for the CLI's `--wg-size`; a flag the door has no argument for keeps the
/// CLI's spelling. What the Python extension calls once when it is imported, and the C library at its
/// first call; a process is one door (a second call changes nothing; each library holds its own).
pub fn spell_arguments_as(names: &'static [&'static str]) {
    let _ = OTHER_SPELLING.set(names);
}

impl std::fmt::Display for Arg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let own = OTHER_SPELLING.get().is_some_and(|names| {
            names.iter().any(|n| {
                n.len() == self.0.len()
                    && n.bytes().zip(self.0.bytes()).all(|(a, b)| a == b || (a == b'_' && b == b'-'))
            })
        });
        if own {
            f.write_str(&self.0.replace('-', "_"))
        } else if self.0 == "output" {
            // The CLI's output is named by its short flag, as every command's usage shows it.
            f.write_str("-o")
        } else {
            write!(f, "--{}", self.0)
        }
    }
}

/// Whether `c` is a bidirectional override, isolate or mark (U+202A-U+202E, U+2066-U+2069, LRM, RLM and
/// ALM): it reorders what follows it on a page or a terminal.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{061c}')
}

/// Whether `c` is invisible where it is printed, or breaks a line without being a control: Unicode's
/// format characters (zero-width space, joiners, soft hyphen, word joiner, invisible operators, the byte
/// order mark, interlinear annotation, tags) and the line and paragraph separators U+2028 and U+2029.
pub fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00ad}' | '\u{180e}' | '\u{200b}'..='\u{200d}' | '\u{2028}' | '\u{2029}' | '\u{2060}'..='\u{2065}'
        | '\u{206a}'..='\u{206f}' | '\u{feff}' | '\u{fff9}'..='\u{fffb}' | '\u{e0001}' | '\u{e0020}'..='\u{e007f}')
}

/// `s` with every character `escaped` says escaped (a control as Rust writes it, `\n`, `\u{1b}`; a bidi
/// control as `\u{202e}`), unchanged (borrowed) when it has none.
fn escape_where(s: &str, escaped: fn(char) -> bool) -> Cow<'_, str> {
    if !s.chars().any(escaped) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if !escaped(c) {
            out.push(c);
        } else if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            // escape_debug leaves bidi controls as they are: spell them out.
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        }
    }
    Cow::Owned(out)
}

/// `s` with every control character (newline, tab and ESC included), DEL, bidirectional control and
/// invisible character ([`is_invisible`]: zero-width space, U+2028, ...) escaped as Rust writes them
/// (`\n`, `\u{1b}`, `\u{200b}`), and unchanged (borrowed) when it has none: one visible line.
pub fn printable(s: &str) -> Cow<'_, str> {
    escape_where(s, |c| c.is_control() || is_bidi_control(c) || is_invisible(c))
}

/// [`printable`] of each line of `s`, the lines kept: for text of several lines (a table) that is shown
/// as it is.
pub fn printable_lines(s: &str) -> String {
    s.split_inclusive('\n')
        .map(|l| match l.strip_suffix('\n') {
            Some(body) => format!("{}\n", printable(body)),
            None => printable(l).into_owned(),
        })
        .collect()
}

/// `s` with each bidirectional override and isolate spelled out (`\u{202e}`), everything else as it is: for
/// text that is escaped otherwise (HTML), where only the reordering must not reach the reader.
pub fn bidi_shown(s: &str) -> Cow<'_, str> {
    escape_where(s, is_bidi_control)
}

/// Why a value given for a count (a whole number from 0 to 4294967295, what the model's counts hold) is not
/// one: worded once for every door, with the argument as the door names it (`--vgprs`, `vgprs`) and the value
/// as it was given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotACount {
    /// Not a whole number (a fraction, text, a bool).
    #[error("{arg} {value}: expected a whole number")]
    NotWhole {
        /// The argument.
        arg: String,
        /// What was given.
        value: String,
    },
    /// A negative whole number.
    #[error("{arg} {value}: expected a whole number, not a negative one")]
    Negative {
        /// The argument.
        arg: String,
        /// What was given.
        value: String,
    },
    /// A whole number over the most the argument holds (4294967295 for a count).
    #[error("{arg} {value}: over {max}")]
    Over {
        /// The argument.
        arg: String,
        /// What was given.
        value: String,
        /// The most it holds.
        max: u64,
    },
}

impl NotACount {
    /// The same refusal naming `arg` (a reader that learns the argument's name after the value: clap's).
    pub fn named(self, arg: &str) -> NotACount {
        let arg = arg.to_string();
        match self {
            NotACount::NotWhole { value, .. } => NotACount::NotWhole { arg, value },
            NotACount::Negative { value, .. } => NotACount::Negative { arg, value },
            NotACount::Over { value, max, .. } => NotACount::Over { arg, value, max },
        }
    }

    /// The refusal's kind: `not_a_whole_number`, or `not_a_count` (a whole number out of range).
    pub fn kind(&self) -> &'static str {
        match self {
            NotACount::NotWhole { .. } => "not_a_whole_number",
            NotACount::Negative { .. } | NotACount::Over { .. } => "not_a_count",
        }
    }
}

/// A count from its decimal text, as the command line gives it (`arg` as the door names it): digits, with
/// an optional sign; anything else is not a whole number.
pub fn count_from_text(arg: &str, text: &str) -> Result<u32, NotACount> {
    // Within u32 by the bound given.
    whole_from_text(arg, text, u64::from(u32::MAX)).map(|v| v as u32)
}

/// A whole number from 0 to `max` from its decimal text (a grid's blocks, a register file's bytes), by the
/// rule of [`count_from_text`].
pub fn whole_from_text(arg: &str, text: &str, max: u64) -> Result<u64, NotACount> {
    let (arg, value) = (arg.to_string(), text.to_string());
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        // Shown as Python shows the value: a number as it is (`1.5`), text quoted (`'abc'`, `''`, `' 5'`),
        // so an empty value or one with spaces is seen.
        let number = text.trim() == text && text.parse::<f64>().is_ok();
        let value = if number { value } else { format!("'{text}'") };
        return Err(NotACount::NotWhole { arg, value });
    }
    if text.starts_with('-') && digits.bytes().any(|b| b != b'0') {
        return Err(NotACount::Negative { arg, value });
    }
    digits.parse::<u64>().ok().filter(|&v| v <= max).ok_or(NotACount::Over { arg, value, max })
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn controls_are_escaped_and_the_rest_kept() {
        assert_eq!(printable("_Z3accPfPKfi"), "_Z3accPfPKfi");
        assert_eq!(printable("k\nnote: forged"), "k\\nnote: forged");
        assert_eq!(printable("\u{1b}]0;title\u{7}k"), "\\u{1b}]0;title\\u{7}k");
        assert_eq!(printable("a\u{9b}31m"), "a\\u{9b}31m");
        assert_eq!(printable("x\u{202e}gpj.exe"), "x\\u{202e}gpj.exe");
        assert_eq!(printable("tab\there\u{7f}"), "tab\\there\\u{7f}");
        assert_eq!(printable("ünïcode 名前"), "ünïcode 名前");
        assert!(!printable("\u{1b}[31m\r\n").chars().any(char::is_control));
        // Line separators, zero-width and bidi marks are spelled out too.
        assert_eq!(printable("a\u{2028}b\u{200b}c\u{200e}d"), "a\\u{2028}b\\u{200b}c\\u{200e}d");
        assert_eq!(printable("k\u{2029}\u{feff}\u{e0041}"), "k\\u{2029}\\u{feff}\\u{e0041}");
    }
}

#[cfg(test)]
mod count_tests {
    use super::{count_from_text, NotACount};

    #[test]
    fn a_count_is_a_whole_number_within_32_bits() {
        assert_eq!(count_from_text("--vgprs", "128"), Ok(128));
        assert_eq!(count_from_text("--vgprs", "+7"), Ok(7));
        assert_eq!(count_from_text("--vgprs", "-0"), Ok(0));
        assert_eq!(count_from_text("--vgprs", "4294967295"), Ok(u32::MAX));
        let e = count_from_text("--vgprs", "4294967296").unwrap_err();
        assert_eq!((e.to_string().as_str(), e.kind()), ("--vgprs 4294967296: over 4294967295", "not_a_count"));
        let e = count_from_text("vgprs", "-1").unwrap_err();
        assert_eq!(e.to_string(), "vgprs -1: expected a whole number, not a negative one");
        for bad in ["1.5", "", "x", "1e3", " 1", "-"] {
            assert!(matches!(count_from_text("--lds", bad), Err(NotACount::NotWhole { .. })), "{bad:?}");
        }
    }
}
