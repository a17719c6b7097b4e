"""Reads a QTI 2.1 content package with pyslet and scores every item, for tests/tests/qti.rs.

Usage: python qti_score.py PACKAGE.zip

pyslet's content-package reader opens the zip and reads imsmanifest.xml; every resource's
files must be in the package and every dependency must name a resource. Each item resource is
then read by pyslet's QTI 2.1 reader and its response processing is run once per response:
no choice, each choice alone, and (for cardinality multiple) the correct set and every choice.
Prints JSON: {"resources": [...], "items": [{"identifier", "href", "cardinality",
"max_choices", "choices", "correct", "results": [{"response", "score", "feedback"}]}]}.
Any failure is printed to stderr and exits 1.
"""

import json
import sys

import pyslet.imscpv1p2 as imscp
import pyslet.qtiv2.core as qcore
import pyslet.qtiv2.interactions as qi
import pyslet.qtiv2.variables as qv
import pyslet.qtiv2.xml as qxml
from pyslet import vfs


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def begin_attempt(state):
    """pyslet's begin_attempt: it sets the attempt's responses to their defaults, then renders
    the body as HTML 4 for a preview. That renderer knows no MathML and fails on a multiple
    response with no default; the attempt has begun all the same, so the error is returned
    (None when the body rendered) and scoring goes on."""
    try:
        state.begin_attempt()
        return None
    except (AttributeError, TypeError) as e:
        if state["completionStatus"].value != "unknown":
            raise
        return "%s: %s" % (type(e).__name__, e)


def score(item, response, multiple):
    state = qv.ItemSessionState(item)
    state.select_clone()
    state.begin_session()
    render_error = begin_attempt(state)
    if multiple:
        value = qv.MultipleContainer(qv.BaseType.identifier)
        value.set_value(response)
        state["RESPONSE"] = value
    elif response:
        state["RESPONSE"] = qv.IdentifierValue(response[0])
    state.end_attempt()
    feedback = state["FEEDBACK"].value
    return {
        "response": response,
        "score": state["SCORE"].value,
        "feedback": sorted(feedback) if feedback else [],
        "render_error": render_error,
    }


def read_item(path):
    doc = qxml.QTIDocument(base_uri=str(path))
    doc.read()
    item = doc.root
    if not isinstance(item, qxml.items.AssessmentItem):
        fail("%s: the root is not an assessmentItem" % path)
    interactions = list(item.find_children_depth_first(qi.ChoiceInteraction))
    if len(interactions) != 1:
        fail("%s: %d choice interactions, expected 1" % (path, len(interactions)))
    interaction = interactions[0]
    choices = [c.identifier for c in interaction.find_children_depth_first(qi.SimpleChoice)]
    declaration = item.get_declaration(interaction.responseIdentifier)
    if declaration is None:
        fail("%s: no declaration for %s" % (path, interaction.responseIdentifier))
    multiple = declaration.cardinality == qv.Cardinality.multiple
    correct = declaration.get_correct_value()
    correct = list(correct.get_values()) if multiple else [correct.value]
    responses = [[]] + [[c] for c in choices]
    if multiple:
        responses += [sorted(correct), choices]
    return {
        "identifier": item.identifier,
        "cardinality": "multiple" if multiple else "single",
        "max_choices": interaction.maxChoices,
        "shuffle": bool(interaction.shuffle),
        "choices": choices,
        "correct": sorted(correct),
        "results": [score(item, r, multiple) for r in responses],
    }


def main():
    if len(sys.argv) != 2:
        fail(__doc__)
    package = imscp.ContentPackage(vfs.defaultFS(sys.argv[1]))
    try:
        resources = list(package.manifest.root.Resources.Resource)
        ids = {r.id for r in resources}
        out = {"resources": [], "items": []}
        for path, refs in sorted(package.fileTable.items(), key=lambda kv: str(kv[0])):
            if refs and not package.dPath.join(path).isfile():
                fail("the manifest lists %s, which is not in the package" % path)
        for r in resources:
            entry = r.get_entry_point()
            if entry is None:
                fail("resource %s: its href is none of its files" % r.id)
            for d in r.Dependency:
                if d.identifierref not in ids:
                    fail("resource %s depends on %s, which is no resource" % (r.id, d.identifierref))
            rel = entry.package_path(package)
            if rel is None or not package.dPath.join(rel).isfile():
                fail("resource %s: %s is not in the package" % (r.id, r.href))
            out["resources"].append({
                "identifier": r.id,
                "type": r.type,
                "href": str(rel).replace("\\", "/"),
                "files": [str(f.package_path(package)).replace("\\", "/") for f in r.File],
                "dependencies": [d.identifierref for d in r.Dependency],
            })
            if r.type == "imsqti_item_xmlv2p1":
                item = read_item(package.dPath.join(rel))
                item["href"] = str(rel).replace("\\", "/")
                out["items"].append(item)
        json.dump(out, sys.stdout)
    finally:
        package.close()


if __name__ == "__main__":
    main()
