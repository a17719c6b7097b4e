//! LaTeX math as Moodle's and MathJax's users write it in question texts (`\( 12 \times 4 =
//! 48 \)`, `$$ P = U \cdot I $$`, `\(\frac{250}{5} = 50\)`, `1{,}25` for a Dutch decimal
//! comma), read in plain notation so that the claim and number readers see `12 × 4 = 48`,
//! `(250) / (5) = 50` and `1,25`, with a way back from the plain text to the text as written.
//!
//! Math is what stands between `\(` and `\)`, `\[` and `\]`, or `$$` and `$$` (MathJax's
//! delimiters in Moodle), or between two single `$` (the bank's Markdown math) when a LaTeX
//! command or a brace stands between them: `$12 \times 4$`, where `$64.00 or $5` is money.
//! Outside math the text is copied as it is.

use std::ops::Range;

/// A text whose math is written in plain notation, with the way back to the text as written.
#[derive(Debug, Clone)]
pub struct PlainMath {
    text: String,
    /// Pieces of `text` in order: where each starts in `text`, the source range it came from,
    /// and whether it is a copy (each byte from the byte at the same distance into the source)
    /// or a replacement (every byte from the whole source range).
    pieces: Vec<Piece>,
}

#[derive(Debug, Clone)]
struct Piece {
    at: usize,
    source: Range<usize>,
    copy: bool,
}

impl PlainMath {
    /// The text in plain notation.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The range of the text as written that `range` of [`PlainMath::text`] came from.
    pub fn source(&self, range: Range<usize>) -> Range<usize> {
        let start = self.source_at(range.start, false);
        if range.is_empty() {
            return start..start;
        }
        start..self.source_at(range.end, true).max(start)
    }

    /// The source offset of plain offset `at`: the start of what the byte at `at` came from,
    /// or (`end`) the end of what the byte before `at` came from.
    fn source_at(&self, at: usize, end: bool) -> usize {
        let byte = if end { at.saturating_sub(1) } else { at };
        let i = self
            .pieces
            .partition_point(|p| p.at <= byte)
            .saturating_sub(1);
        let Some(p) = self.pieces.get(i) else {
            return at;
        };
        match (p.copy, end) {
            (true, _) => (p.source.start + (at - p.at)).min(p.source.end),
            (false, false) => p.source.start,
            (false, true) => p.source.end,
        }
    }
}

/// `text` with its math in plain notation, or `None` when it holds no math.
pub fn plain_math(text: &str) -> Option<PlainMath> {
    if !text.contains("\\(") && !text.contains("\\[") && !text.contains('$') {
        return None;
    }
    let mut w = Writer {
        src: text,
        out: PlainMath {
            text: String::with_capacity(text.len()),
            pieces: Vec::new(),
        },
    };
    let mut i = 0;
    let mut copied = 0;
    let mut found = false;
    while i < text.len() {
        if text[i..].starts_with("\\$") {
            i += 2;
            continue;
        }
        let Some((open, close)) = opening(&text[i..]) else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
            continue;
        };
        let body = i + open.len();
        let Some(len) = text[body..].find(close) else {
            break;
        };
        if open == "$" && !is_latex(&text[body..body + len]) {
            i = body;
            continue;
        }
        found = true;
        w.copy(copied..i);
        w.put(i..body, " ");
        w.math(body..body + len);
        w.put(body + len..body + len + close.len(), " ");
        i = body + len + close.len();
        copied = i;
    }
    if !found {
        return None;
    }
    w.copy(copied..text.len());
    Some(w.out)
}

/// The math delimiter `rest` starts with, and its closing one.
fn opening(rest: &str) -> Option<(&'static str, &'static str)> {
    [("\\(", "\\)"), ("\\[", "\\]"), ("$$", "$$"), ("$", "$")]
        .into_iter()
        .find(|(open, _)| rest.starts_with(open))
}

/// Whether `body`, between two single `$`, is LaTeX: a command (`\times`) or a brace in it.
fn is_latex(body: &str) -> bool {
    body.contains(['{', '}'])
        || body
            .split('\\')
            .skip(1)
            .any(|after| after.starts_with(|c: char| c.is_ascii_alphabetic()))
}

/// LaTeX commands and what they are in plain notation.
const SYMBOLS: &[(&str, &str)] = &[
    ("times", "×"),
    ("cdot", "·"),
    ("cdotp", "·"),
    ("div", "÷"),
    ("approx", "≈"),
    ("simeq", "≈"),
    ("sim", "~"),
    ("pm", "±"),
    ("le", "≤"),
    ("leq", "≤"),
    ("ge", "≥"),
    ("geq", "≥"),
    ("ne", "≠"),
    ("neq", "≠"),
    ("Omega", "Ω"),
    ("mu", "µ"),
    ("pi", "π"),
    ("circ", "°"),
    ("degree", "°"),
    ("euro", "€"),
    ("infty", "∞"),
    ("ldots", "…"),
    ("dots", "…"),
    ("cdots", "…"),
    ("Rightarrow", " ⇒ "),
    ("Longrightarrow", " ⇒ "),
    ("implies", " ⇒ "),
    ("quad", " "),
    ("qquad", " "),
];

/// Commands whose argument is text, shown as it is (`\text{mm/h}`).
const TEXT_COMMANDS: &[&str] = &[
    "text",
    "textrm",
    "textit",
    "textbf",
    "mathrm",
    "mathit",
    "mathbf",
    "mbox",
    "operatorname",
];

/// Commands that only size or place what follows (`\left(`).
const SIZING: &[&str] = &[
    "left",
    "right",
    "big",
    "Big",
    "bigg",
    "Bigg",
    "bigl",
    "bigr",
    "Bigl",
    "Bigr",
    "displaystyle",
];

struct Writer<'a> {
    src: &'a str,
    out: PlainMath,
}

impl Writer<'_> {
    /// Copy `range` of the source as it is.
    fn copy(&mut self, range: Range<usize>) {
        if range.is_empty() {
            return;
        }
        self.out.pieces.push(Piece {
            at: self.out.text.len(),
            source: range.clone(),
            copy: true,
        });
        self.out.text.push_str(&self.src[range]);
    }

    /// Write `plain` for `range` of the source.
    fn put(&mut self, range: Range<usize>, plain: &str) {
        if plain.is_empty() {
            return;
        }
        self.out.pieces.push(Piece {
            at: self.out.text.len(),
            source: range,
            copy: false,
        });
        self.out.text.push_str(plain);
    }

    /// Write the math in `range` of the source in plain notation.
    fn math(&mut self, range: Range<usize>) {
        let (src, end) = (self.src, range.end);
        let b = src.as_bytes();
        let mut i = range.start;
        while i < end {
            match b[i] {
                b'\\' => i = self.command(i, end),
                // `{,}` and `{.}`: a decimal separator kept from being read as punctuation.
                b'{' if matches!(src.get(i..i + 3), Some("{,}" | "{.}")) => {
                    self.copy(i + 1..i + 2);
                    i += 3;
                }
                b'{' | b'}' => i += 1,
                b'~' => {
                    self.put(i..i + 1, " ");
                    i += 1;
                }
                b'^' => i = self.superscript(i, end),
                _ => {
                    let len = src[i..].chars().next().map_or(1, char::len_utf8);
                    self.copy(i..i + len);
                    i += len;
                }
            }
        }
    }

    /// `^2`, `^{1/5}` (as `^(1/5)`), `^\circ` (as `°`), from the `^` at `i`.
    fn superscript(&mut self, i: usize, end: usize) -> usize {
        let rest = &self.src[i + 1..end];
        for degree in ["\\circ", "{\\circ}"] {
            if rest.starts_with(degree) {
                self.put(i..i + 1 + degree.len(), "°");
                return i + 1 + degree.len();
            }
        }
        match group(self.src, i + 1, end) {
            // `^{10}`: digits alone need no parentheses.
            Some(inner) if self.src[inner.clone()].bytes().all(|b| b.is_ascii_digit()) => {
                self.put(i..inner.start, "^");
                self.copy(inner.clone());
                inner.end + 1
            }
            Some(inner) => self.wrapped(i, inner, "^("),
            None => {
                self.copy(i..i + 1);
                i + 1
            }
        }
    }

    /// The command at `i` (a backslash); where the text after it starts.
    fn command(&mut self, i: usize, end: usize) -> usize {
        let src = self.src;
        let name_end = src[i + 1..end]
            .find(|c: char| !c.is_ascii_alphabetic())
            .map_or(end, |n| i + 1 + n);
        if name_end == i + 1 {
            // `\,`, `\ `, `\;`, `\%`, `\{` …: one character.
            let Some(c) = src[i + 1..end].chars().next() else {
                return end;
            };
            let next = i + 1 + c.len_utf8();
            match c {
                '%' => self.put(i..next, "%"),
                ',' | ';' | ':' | ' ' | '\\' => self.put(i..next, " "),
                _ => {}
            }
            return next;
        }
        let name = &src[i + 1..name_end];
        if let Some((_, plain)) = SYMBOLS.iter().find(|(n, _)| *n == name) {
            self.put(i..name_end, plain);
            return name_end;
        }
        if SIZING.contains(&name) {
            return name_end;
        }
        if TEXT_COMMANDS.contains(&name) {
            // The whole command stands for its text, so that a claim ends after its `}`.
            return match group(src, name_end, end) {
                Some(inner) => {
                    self.put(i..inner.end + 1, &src[inner.clone()]);
                    inner.end + 1
                }
                None => name_end,
            };
        }
        match name {
            "frac" | "dfrac" | "tfrac" => self.fraction(i, name_end, end),
            "sqrt" => match group(src, name_end, end) {
                Some(inner) => self.wrapped(i, inner, "√("),
                None => {
                    self.put(i..name_end, "√");
                    name_end
                }
            },
            // Another command (`\tan`, `\alpha`) reads as its name.
            _ => {
                self.copy(i + 1..name_end);
                name_end
            }
        }
    }

    /// The group `inner` (from the command or `^` at `i`) as `open`, its math and `)`; where
    /// the text after its `}` starts.
    fn wrapped(&mut self, i: usize, inner: Range<usize>, open: &str) -> usize {
        self.put(i..inner.start, open);
        self.math(inner.clone());
        self.put(inner.end..inner.end + 1, ")");
        inner.end + 1
    }

    /// `\frac{a}{b}` as `(a) / (b)`, from the backslash at `i`; its name ends at `name_end`.
    fn fraction(&mut self, i: usize, name_end: usize, end: usize) -> usize {
        let Some(top) = group(self.src, name_end, end) else {
            return name_end;
        };
        let Some(bottom) = group(self.src, top.end + 1, end) else {
            return name_end;
        };
        if is_unit(&self.src[top.clone()]) && is_unit(&self.src[bottom.clone()]) {
            // `60\ \frac{\text{min}}{\text{h}}`: a compound unit, `60 min/h`.
            self.math(top.clone());
            self.put(top.end..bottom.start, "/");
            self.math(bottom.clone());
            return bottom.end + 1;
        }
        self.put(i..top.start, "(");
        self.math(top.clone());
        self.put(top.end..bottom.start, ") / (");
        self.math(bottom.clone());
        self.put(bottom.end..bottom.end + 1, ")");
        bottom.end + 1
    }
}

/// Whether the math `src` is a unit written alone (`\text{min}`, `\mathrm{kg}`, `h`): letters
/// only, once the text commands around them are left out.
fn is_unit(src: &str) -> bool {
    let mut rest = src.trim();
    for command in TEXT_COMMANDS {
        if let Some(inner) = rest
            .strip_prefix('\\')
            .and_then(|r| r.strip_prefix(command))
            .and_then(|r| r.strip_prefix('{'))
            .and_then(|r| r.strip_suffix('}'))
        {
            rest = inner.trim();
            break;
        }
    }
    !rest.is_empty() && rest.chars().all(|c| c.is_alphabetic() || c == '°')
}

/// The inside of the `{…}` group at `at` (spaces before it skipped), when there is one and
/// it closes before `end`.
fn group(src: &str, at: usize, end: usize) -> Option<Range<usize>> {
    let b = src.as_bytes();
    let mut i = at;
    while i < end && b[i] == b' ' {
        i += 1;
    }
    if i >= end {
        return None;
    }
    if b[i] != b'{' {
        return None;
    }
    let mut depth = 0usize;
    for (j, &c) in b.iter().enumerate().take(end).skip(i) {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1..j);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(text: &str) -> String {
        plain_math(text).map_or_else(|| text.to_owned(), |p| p.text().to_owned())
    }

    #[test]
    fn math_reads_in_plain_notation() {
        assert_eq!(
            plain("so \\( 12 \\times 4 = 48 \\)."),
            "so   12 × 4 = 48  ."
        );
        assert_eq!(plain("\\(\\frac{250}{5} = 50\\)"), " (250) / (5) = 50 ");
        assert_eq!(plain("$$ 1{,}25\\ \\text{h} $$"), "  1,25 h  ");
        assert_eq!(
            plain("\\( \\left(\\frac{150}{100}\\right)^{1/5} - 1 \\approx 0{,}084 \\)"),
            "  ((150) / (100))^(1/5) - 1 ≈ 0,084  "
        );
        assert_eq!(plain("\\[ 30^\\circ \\]"), "  30°  ");
        assert_eq!(plain("\\( 10^{12} \\)"), "  10^12  ");
        assert_eq!(plain("\\( \\sqrt{16} = 4 \\)"), "  √(16) = 4  ");
        assert_eq!(plain("\\( 21\\,\\% \\)"), "  21 %  ");
        assert_eq!(
            plain("\\( 60\\ \\frac{\\text{min}}{\\text{h}} \\)"),
            "  60 min/h  "
        );
    }

    #[test]
    fn money_and_text_without_math_are_left_alone() {
        assert!(plain_math("It costs $64.00, or $5 each.").is_none());
        assert!(plain_math("It costs \\$5 \\times 2.").is_none());
        assert_eq!(
            plain("so $12 \\times 4 = 48$ and $5"),
            "so  12 × 4 = 48  and $5"
        );
        assert!(plain_math("a \\( without its end").is_none());
    }

    #[test]
    fn plain_ranges_lead_back_to_the_text_as_written() {
        let text = "Dus \\( 1{,}5 \\times 4 = 6 \\) liter.";
        let p = plain_math(text).expect("math");
        let plain = p.text();
        let at = |s: &str| plain.find(s).expect(s);
        let claim = at("1,5")..at("6") + 1;
        assert_eq!(&text[p.source(claim)], "1{,}5 \\times 4 = 6");
        let times = at("×")..at("×") + "×".len();
        assert_eq!(&text[p.source(times)], "\\times");
        let tail = at("liter")..plain.len();
        assert_eq!(&text[p.source(tail)], "liter.");
    }

    #[test]
    fn no_input_makes_it_panic() {
        for text in [
            "\\(",
            "\\(\\)",
            "\\( \\frac{1}{ \\)",
            "\\( ^{ \\)",
            "\\( \\ \\)",
            "$$\\$$",
            "\\( \\frac12 \\sqrt \\text \\)",
            "\\( é\\é{,}\\)",
        ] {
            if let Some(p) = plain_math(text) {
                let _ = p.source(0..p.text().len());
            }
        }
    }
}
