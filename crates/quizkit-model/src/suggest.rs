//! "Did you mean": the closest known name to a mistyped one.

/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let word_lower = word.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (edit_distance(&word_lower, &c.to_lowercase()), c))
        .filter(|&(d, c)| d <= (c.chars().count().max(word.chars().count()) / 3).max(1))
        .min_by_key(|&(d, c)| (d, c))
        .map(|(_, c)| c)
}

/// Damerau-Levenshtein distance (optimal string alignment) over characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev2 = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                cur[j] = cur[j].min(prev2[j - 2] + 1);
            }
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        let fields = ["id", "stem", "options", "answer", "explanation", "shuffle"];
        assert_eq!(did_you_mean("stm", fields), Some("stem"));
        assert_eq!(did_you_mean("shuffel", fields), Some("shuffle"));
        assert_eq!(did_you_mean("explanaiton", fields), Some("explanation"));
        assert_eq!(did_you_mean("colour", fields), None);
    }

    #[test]
    fn distance_counts_transpositions_once() {
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
    }
}
