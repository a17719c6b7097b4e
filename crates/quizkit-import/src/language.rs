//! Which language a file's texts are in, when nothing says: Dutch or English, from their most
//! common words.

/// Words common in Dutch texts and not English words.
const DUTCH: &[&str] = &[
    "de", "het", "een", "en", "van", "niet", "dat", "die", "op", "te", "zijn", "voor", "met",
    "wat", "welke", "welk", "hoe", "waarom", "wordt", "worden", "je", "bij", "als", "ook", "er",
    "geen", "naar", "uit", "om", "wie", "hoeveel", "deze", "dit", "kan", "heeft",
];

/// Words common in English texts and not Dutch words; not "a", which is also an option's label
/// (Aiken's `A.`, a CSV column).
const ENGLISH: &[&str] = &[
    "the", "an", "and", "of", "not", "that", "which", "what", "how", "why", "are", "for", "with",
    "to", "on", "be", "by", "you", "this", "these", "does", "do", "it", "from", "has", "who",
    "many", "can", "there",
];

/// How much of a file is read to guess its language: the first questions say it as well as
/// all of them.
const SAMPLE: usize = 64 * 1024;

/// The language of a file's text when its common words say so clearly: `nl` or `en`, or
/// `None` when there are too few of them (under 10) or neither language has three times the
/// other's. Markup and punctuation do not count: only runs of letters are words. Only the
/// first 64 KiB of `bytes` are read (as UTF-8, an invalid sequence counting as no letter).
pub fn guess_language(bytes: &[u8]) -> Option<&'static str> {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(SAMPLE)]);
    let (mut nl, mut en) = (0usize, 0usize);
    for word in text.split(|c: char| !c.is_alphabetic()) {
        // No listed word is longer than 8 bytes.
        if word.is_empty() || word.len() > 8 {
            continue;
        }
        let lower = word.to_lowercase();
        nl += usize::from(DUTCH.contains(&lower.as_str()));
        en += usize::from(ENGLISH.contains(&lower.as_str()));
    }
    if nl + en < 10 {
        None
    } else if nl >= 3 * en {
        Some("nl")
    } else if en >= 3 * nl {
        Some("en")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::guess_language;

    #[test]
    fn dutch_and_english_questions_are_told_apart() {
        let nl = "Welke eenheid gebruik je voor de elektrische weerstand? De weerstand van een \
                  draad hangt af van de lengte en het materiaal, niet van de kleur.";
        let en = "Which unit is used for electrical resistance? The resistance of a wire \
                  depends on its length and the material, not on the colour.";
        assert_eq!(guess_language(nl.as_bytes()), Some("nl"));
        assert_eq!(guess_language(en.as_bytes()), Some("en"));
    }

    #[test]
    fn too_little_or_mixed_text_says_nothing() {
        assert_eq!(guess_language("ohm volt ampère watt".as_bytes()), None);
        assert_eq!(
            guess_language(
                b"De kat en de hond. The cat and the dog. Een huis van steen. A house of stone."
            ),
            None
        );
        assert_eq!(guess_language(b""), None);
    }

    #[test]
    fn markup_is_not_read_as_words() {
        let xml = "<question type=\"multichoice\"><name><text>the</text></name>\
                   <questiontext format=\"html\"><text><![CDATA[<p>Wat is de hoofdstad van \
                   Nederland? Het is niet Rotterdam en ook niet Den Haag, maar een stad aan \
                   het IJ.</p>]]></text></questiontext></question>";
        assert_eq!(guess_language(xml.as_bytes()), Some("nl"));
    }
}
