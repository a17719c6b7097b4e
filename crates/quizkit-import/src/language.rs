//! Which language a file's texts are in, when nothing says: Dutch, English, German, French,
//! Spanish or Italian, from their most common words. Words of languages whose texts would
//! pass for one of these (Afrikaans for Dutch, Czech's `je` for Dutch's) count against any
//! guess.

/// Each language quizkit can tell, with its name and words common in its texts that are no
/// common word of the others (so "de", "en" and "die", common in Dutch, French and German
/// alike, count for none, nor do "la", "que" and "un", common in French, Spanish and Italian;
/// "a" is left out too, being also an option's label: Aiken's `A.`, a CSV column).
const LANGUAGES: [(&str, &str, &[&str]); 6] = [
    (
        "nl",
        "Dutch",
        &[
            "het", "een", "van", "niet", "dat", "op", "te", "zijn", "voor", "met", "wat", "welke",
            "welk", "hoe", "waarom", "wordt", "worden", "je", "bij", "als", "ook", "er", "geen",
            "naar", "uit", "om", "hoeveel", "deze", "dit", "kan", "heeft",
        ],
    ),
    (
        "en",
        "English",
        &[
            "the", "an", "and", "of", "not", "that", "which", "what", "how", "why", "are", "for",
            "with", "to", "on", "be", "by", "you", "this", "these", "does", "do", "it", "from",
            "has", "who", "many", "can", "there",
        ],
    ),
    (
        "de",
        "German",
        &[
            "der", "das", "und", "ist", "nicht", "ein", "eine", "einer", "mit", "für", "auf",
            "welche", "welcher", "welches", "wird", "sind", "von", "zu", "den", "dem", "sich",
            "auch", "oder", "warum", "wer", "im", "wieviele", "kein", "keine",
        ],
    ),
    (
        "fr",
        "French",
        &[
            "le", "les", "des", "est", "une", "et", "du", "qui", "pour", "dans", "pas", "quel",
            "quelle", "quels", "quelles", "sont", "avec", "sur", "ce", "au", "aux", "par", "ne",
            "combien", "pourquoi", "cette", "sa", "son", "ses", "leur", "leurs",
        ],
    ),
    (
        "es",
        "Spanish",
        &[
            "el",
            "los",
            "las",
            "del",
            "por",
            "para",
            "qué",
            "cuál",
            "cuáles",
            "cuántos",
            "cuántas",
            "más",
            "está",
            "están",
            "al",
            "como",
            "porque",
            "este",
            "esta",
            "esto",
            "pero",
            "muy",
            "también",
            "sus",
            "hay",
            "tiene",
            "siguiente",
            "siguientes",
        ],
    ),
    (
        "it",
        "Italian",
        &[
            "il", "di", "che", "è", "gli", "della", "delle", "dei", "degli", "nel", "nella", "non",
            "sono", "quale", "quali", "perché", "questo", "questa", "anche", "più", "alla", "ha",
            "cosa", "dopo", "molto", "essere", "quanti", "quante",
        ],
    ),
];

/// Languages quizkit does not tell, whose texts hold words of one it does (Afrikaans: `het`,
/// `van`, `wat`; Czech: `je`), with common words of their own. A text in one of them is not
/// guessed to be in another language: where their words are as many as a third of the most
/// common language's, [`guess_language`] says nothing.
const RIVALS: [(&str, &[&str]); 2] = [
    (
        "af",
        &[
            "nie", "vir", "hierdie", "watter", "jy", "julle", "baie", "gewees", "sê",
        ],
    ),
    (
        "cs",
        &[
            "jsou", "který", "která", "které", "kterém", "kteří", "jaký", "jaká", "jaké", "nebo",
            "není", "že", "kde", "kolik", "proč", "při", "jen", "také", "jako", "mezi", "ve", "ze",
        ],
    ),
];

/// The English name of a language [`guess_language`] tells (`"Dutch"` for `nl`), or `None`.
pub fn language_name(code: &str) -> Option<&'static str> {
    LANGUAGES
        .iter()
        .find(|(c, _, _)| *c == code)
        .map(|(_, name, _)| *name)
}

/// How much of a file is read to guess its language: the first questions say it as well as
/// all of them.
const SAMPLE: usize = 64 * 1024;

/// The language of a file's text when its common words say so clearly: `nl`, `en`, `de`,
/// `fr`, `es` or `it`, or `None` when there are too few of them (under 8) or no language has
/// three times the words of the next, or of a language it does not tell (Czech, Afrikaans:
/// their common words overlap Dutch ones). Markup and punctuation do not count: only runs of
/// letters are words. Only the first 64 KiB of `bytes` are read (as UTF-16 after its byte
/// order mark, else as UTF-8, an invalid sequence counting as no letter).
pub fn guess_language(bytes: &[u8]) -> Option<&'static str> {
    let text = crate::decode::lossy(&bytes[..bytes.len().min(SAMPLE)]);
    let mut counts = [0usize; LANGUAGES.len()];
    let mut rival = 0;
    for word in text.split(|c: char| !c.is_alphabetic()) {
        // No listed word is longer than 8 letters, 16 bytes.
        if word.is_empty() || word.len() > 16 {
            continue;
        }
        let lower = word.to_lowercase();
        for (count, (_, _, words)) in counts.iter_mut().zip(&LANGUAGES) {
            *count += usize::from(words.contains(&lower.as_str()));
        }
        rival += usize::from(
            RIVALS
                .iter()
                .any(|(_, words)| words.contains(&lower.as_str())),
        );
    }
    let total: usize = counts.iter().sum();
    let (best, &most) = counts.iter().enumerate().max_by_key(|&(_, c)| c)?;
    let next = counts
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != best)
        .map(|(_, &c)| c)
        .max()
        .unwrap_or(0)
        .max(rival);
    (total >= 8 && most >= 3 * next).then_some(LANGUAGES[best].0)
}

#[cfg(test)]
mod tests {
    use super::{LANGUAGES, RIVALS, guess_language, language_name};

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
    fn german_french_spanish_and_italian_questions_are_told_apart() {
        let de = "Welche Einheit wird für den elektrischen Widerstand verwendet? Der Widerstand \
                  eines Drahtes hängt von der Länge und dem Material ab, nicht von der Farbe.";
        let fr = "Quelle unité est utilisée pour la résistance électrique ? La résistance d'un \
                  fil dépend de sa longueur et du matériau, pas de sa couleur.";
        assert_eq!(guess_language(de.as_bytes()), Some("de"));
        assert_eq!(guess_language(fr.as_bytes()), Some("fr"));
        assert_eq!(language_name("de"), Some("German"));
        let es = "¿Cuál es el río más largo de la península? El Tajo mide unos 1.007 km y \
                  desemboca en Lisboa, por eso es más largo que los otros ríos del país.";
        let it = "Qual è il fiume più lungo d'Italia? Il Po attraversa la pianura padana e non \
                  è navigabile in tutta la sua lunghezza: questo è il più lungo dei fiumi.";
        assert_eq!(guess_language(es.as_bytes()), Some("es"));
        assert_eq!(guess_language(it.as_bytes()), Some("it"));
        assert_eq!(language_name("xx"), None);
    }

    #[test]
    fn afrikaans_and_czech_do_not_pass_for_dutch() {
        // Afrikaans shares `het`, `van`, `wat`, `op`, `te` with Dutch; Czech has Dutch's `je`.
        let af = "Watter woord is 'n selfstandige naamwoord? Wat is die meervoud van kind? \
                  Ek het 'n appel geëet. Ek is nie moeg nie. Wat is die verkleinwoord van boom? \
                  Watter sin is korrek? Hy het baie vinnig gehardloop. Wat is die \
                  teenoorgestelde van warm? Dit is koud.";
        let cs = "Která hora je nejvyšší v České republice? Která řeka je nejdelší na území ČR? \
                  Ve kterém kraji leží Karlovy Vary? Kolik obyvatel má Praha? Je to město, \
                  které je hlavní. Kde je nejnižší bod? Která z těchto měst jsou krajská? \
                  Jaké je hlavní město? Je to Praha, která je na Vltavě. Kolik krajů je v ČR?";
        assert_eq!(guess_language(af.as_bytes()), None);
        assert_eq!(guess_language(cs.as_bytes()), None);
        // A Dutch text with one word of theirs is still Dutch.
        let nl = "Welke eenheid gebruik je voor de weerstand? Het is niet de volt, het is de \
                  ohm: de weerstand van een draad hangt af van de lengte, ook van het materiaal.";
        assert_eq!(guess_language(nl.as_bytes()), Some("nl"));
    }

    #[test]
    fn no_word_counts_for_two_languages() {
        let all: Vec<(&str, &[&str])> = LANGUAGES
            .iter()
            .map(|&(code, _, words)| (code, words))
            .chain(RIVALS)
            .collect();
        for (i, (a, words)) in all.iter().enumerate() {
            for (b, others) in &all[i + 1..] {
                for word in *words {
                    assert!(!others.contains(word), "`{word}` is in both {a} and {b}");
                }
            }
        }
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
