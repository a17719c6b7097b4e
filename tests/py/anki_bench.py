"""genanki's side of quizkit's Anki benchmark (crates/quizkit-export/benches/anki.rs).

    python anki_bench.py DIR

DIR holds notes.jsonl (one note per line: guid, fields, tags, deck, deck_id) and model.json
(the collection's `models`), both taken from the package quizkit wrote, so genanki writes
exactly the same notes. Times genanki building the notes and writing the package (best of
3 runs), checks that every GUID equals genanki.guid_for("quizkit", bank, question id, lang),
and prints JSON. Installs genanki into this Python's environment when it is missing.
"""

import json
import os
import subprocess
import sys
import time
import warnings

GENANKI = "genanki==0.13.1"

try:
    import genanki
except ImportError:
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", GENANKI],
        check=True,
    )
    import genanki


def main():
    folder = sys.argv[1]
    with open(os.path.join(folder, "model.json"), encoding="utf-8") as f:
        models = json.load(f)
    (model_json,) = models.values()
    with open(os.path.join(folder, "notes.jsonl"), encoding="utf-8") as f:
        notes = [json.loads(line) for line in f]

    model = genanki.Model(
        model_json["id"],
        model_json["name"],
        fields=[{"name": f["name"]} for f in model_json["flds"]],
        templates=[
            {"name": t["name"], "qfmt": t["qfmt"], "afmt": t["afmt"]} for t in model_json["tmpls"]
        ],
        css=model_json["css"],
        sort_field_index=model_json["sortf"],
    )
    lang = notes[0]["fields"][7] if notes else ""
    guids_match = all(
        genanki.guid_for("quizkit", "bench", n["fields"][0], lang) == n["guid"] for n in notes
    )

    out = os.path.join(folder, "genanki.apkg")
    best = None
    for _ in range(3):
        start, cpu = time.perf_counter(), time.process_time()
        decks = {}
        for n in notes:
            deck = decks.get(n["deck_id"])
            if deck is None:
                deck = decks[n["deck_id"]] = genanki.Deck(n["deck_id"], n["deck"])
            deck.add_note(genanki.Note(model=model, fields=n["fields"], guid=n["guid"], tags=n["tags"]))
        built = time.perf_counter()
        genanki.Package(list(decks.values())).write_to_file(out)
        done = time.perf_counter()
        run = (done - start, built - start, done - built, time.process_time() - cpu)
        best = run if best is None or run[0] < best[0] else best

    json.dump(
        {
            "version": genanki.__version__,
            "runs": 3,
            "notes": len(notes),
            "total_s": best[0],
            "build_s": best[1],
            "write_s": best[2],
            "total_cpu_s": best[3],
            "size": os.path.getsize(out),
            "guids_match": guids_match,
        },
        sys.stdout,
    )


if __name__ == "__main__":
    warnings.simplefilter("ignore")
    main()
