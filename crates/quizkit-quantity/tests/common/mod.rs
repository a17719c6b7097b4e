//! Shared by the integration tests: the corpus of `tests/corpus.txt`.

/// The corpus as (line number, input, expectation).
pub fn corpus() -> Vec<(usize, String, String)> {
    include_str!("../corpus.txt")
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(n, l)| {
            let (input, expect) = l.rsplit_once("=>").unwrap_or((l, ""));
            (n + 1, input.trim().to_string(), expect.trim().to_string())
        })
        .collect()
}
