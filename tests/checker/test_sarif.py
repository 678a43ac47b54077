# SPDX-License-Identifier: GPL-2.0-only
"""--format=sarif meets SARIF 2.1.0 and agrees with --format=json.

usage: test_sarif.py [--schema] CHECKER CORPUS [DEFAULT_SCHEMA]

Without --schema, the test checks the requirements of SARIF 2.1.0 that a
code-scanning consumer relies on, itself (no outside data): the required
properties of sarifLog, run, tool.driver and its rules, result, location,
physicalLocation, artifactLocation and region, the agreement of ruleId and
ruleIndex, and partialFingerprints.  It first proves that every one of
those checks can fail: each is fed a doctored copy of the checker's own
document that breaks just that requirement.

With --schema, the document is validated against the official SARIF 2.1.0
JSON schema, taken from $SAFESEEK_SARIF_SCHEMA or else DEFAULT_SCHEMA (the
project passes shared/schemas beside the repository).  When neither is
there the test is skipped (exit 77); when $SAFESEEK_SARIF_SCHEMA names a
file that is not there, it fails.
"""

import copy
import json
import os
import re
import sys

from checklib import Checker

SKIP = 77
LEVELS = ("none", "note", "warning", "error")
# RFC 3986: the characters a URI reference may hold, percent escapes aside.
URI_CHARS = re.compile(r"^(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$")
SCHEMA_URI = re.compile(r"^https?://\S+/sarif-(?:schema-)?2\.1\.0\.json$")


class Requirements:
    """Collects the SARIF requirements a document breaks.  Every check has a
    code; `seen` records each code that was evaluated, so that the self-test
    can insist that each one has been made to fail."""

    def __init__(self):
        self.broken = []
        self.seen = set()

    def need(self, code, cond, what):
        self.seen.add(code)
        if not cond:
            self.broken.append((code, what))
        return bool(cond)


def nonempty_text(obj):
    return isinstance(obj, dict) and isinstance(obj.get("text"), str) and obj["text"].strip() != ""


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def check_region(req, region, where):
    if not req.need("region", isinstance(region, dict), "%s: region is an object" % where):
        return
    start = region.get("startLine")
    req.need("region.startLine", is_int(start) and start >= 1,
             "%s: region.startLine is an integer >= 1 (got %r)" % (where, start))
    col = region.get("startColumn", 1)
    req.need("region.startColumn", is_int(col) and col >= 1,
             "%s: region.startColumn is an integer >= 1 (got %r)" % (where, col))
    if "endLine" in region:
        end = region["endLine"]
        req.need("region.endLine", is_int(end) and is_int(start) and end >= start,
                 "%s: region.endLine is an integer >= startLine (got %r)" % (where, end))
    if "endColumn" in region:
        endc = region["endColumn"]
        same_line = region.get("endLine", start) == start
        req.need("region.endColumn",
                 is_int(endc) and endc >= 1 and (not same_line or not is_int(col) or endc >= col),
                 "%s: region.endColumn is an integer >= 1, and >= startColumn on the same line "
                 "(got %r)" % (where, endc))


def check_location(req, loc, base_ids, where):
    if not req.need("location", isinstance(loc, dict), "%s: a location is an object" % where):
        return
    phys = loc.get("physicalLocation")
    if not req.need("location.physicalLocation", isinstance(phys, dict),
                    "%s: location.physicalLocation is an object" % where):
        return
    art = phys.get("artifactLocation")
    if not req.need("physicalLocation.artifactLocation", isinstance(art, dict),
                    "%s: physicalLocation.artifactLocation is an object" % where):
        return
    uri = art.get("uri")
    if req.need("artifactLocation.uri", isinstance(uri, str) and uri != "",
                "%s: artifactLocation.uri is a non-empty string (got %r)" % (where, uri)):
        req.need("artifactLocation.uri-chars", URI_CHARS.match(uri) is not None,
                 "%s: artifactLocation.uri is a valid URI reference, escaped (got %r)" % (where, uri))
        relative = re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", uri) is None
        # SARIF 3.4.4: a relative reference needs a base to be resolved against.
        req.need("artifactLocation.uriBaseId", not relative or "uriBaseId" in art,
                 "%s: a relative artifactLocation.uri carries a uriBaseId (%r)" % (where, uri))
    if "uriBaseId" in art:
        req.need("artifactLocation.uriBaseId-defined", art["uriBaseId"] in base_ids,
                 "%s: uriBaseId %r is defined in run.originalUriBaseIds" % (where, art["uriBaseId"]))
    check_region(req, phys.get("region"), where)


def check_result(req, res, rule_ids, base_ids, where):
    if not req.need("result", isinstance(res, dict), "%s: a result is an object" % where):
        return
    rid, idx = res.get("ruleId"), res.get("ruleIndex")
    req.need("result.ruleId", isinstance(rid, str) and rid != "",
             "%s: result.ruleId is a non-empty string (got %r)" % (where, rid))
    if req.need("result.ruleIndex", is_int(idx) and 0 <= idx < len(rule_ids),
                "%s: result.ruleIndex indexes tool.driver.rules (got %r of %d)"
                % (where, idx, len(rule_ids))):
        req.need("result.ruleId=ruleIndex", rule_ids[idx] == rid,
                 "%s: ruleId %r is the id of rules[%d] (%r)" % (where, rid, idx, rule_ids[idx]))
    req.need("result.level", res.get("level") in LEVELS,
             "%s: result.level is one of %s (got %r)" % (where, "/".join(LEVELS), res.get("level")))
    req.need("result.message", nonempty_text(res.get("message")),
             "%s: result.message.text is a non-empty string" % where)
    locs = res.get("locations")
    if req.need("result.locations", isinstance(locs, list) and len(locs) >= 1,
                "%s: result.locations is a non-empty array" % where):
        for n, loc in enumerate(locs):
            check_location(req, loc, base_ids, "%s.locations[%d]" % (where, n))
    fps = res.get("partialFingerprints")
    if req.need("result.partialFingerprints", isinstance(fps, dict) and len(fps) >= 1,
                "%s: result.partialFingerprints is a non-empty object" % where):
        for key, value in fps.items():
            # SARIF 3.27.17: versioned, hierarchical names such as "x/v1".
            req.need("partialFingerprints.name", re.match(r"^[^/\s]+(?:/[^/\s]+)*/v\d+$", key),
                     "%s: partialFingerprints name %r ends in a version (/vN)" % (where, key))
            req.need("partialFingerprints.value", isinstance(value, str) and value != "",
                     "%s: partialFingerprints[%r] is a non-empty string" % (where, key))


def check_rule(req, rule, where):
    if not req.need("rule", isinstance(rule, dict), "%s: a rule is an object" % where):
        return
    req.need("rule.id", isinstance(rule.get("id"), str) and rule["id"] != "",
             "%s: rule.id is a non-empty string" % where)
    for key in ("shortDescription", "fullDescription", "help"):
        req.need("rule." + key, nonempty_text(rule.get(key)),
                 "%s: rule.%s.text is a non-empty string" % (where, key))
    conf = rule.get("defaultConfiguration")
    req.need("rule.defaultConfiguration.level",
             isinstance(conf, dict) and conf.get("level") in LEVELS,
             "%s: rule.defaultConfiguration.level is one of %s" % (where, "/".join(LEVELS)))


def check_run(req, run, where):
    if not req.need("run", isinstance(run, dict), "%s: a run is an object" % where):
        return
    tool = run.get("tool")
    if not req.need("run.tool", isinstance(tool, dict), "%s: run.tool is an object" % where):
        return
    driver = tool.get("driver")
    if not req.need("tool.driver", isinstance(driver, dict), "%s: tool.driver is an object" % where):
        return
    req.need("tool.driver.name", isinstance(driver.get("name"), str) and driver["name"] != "",
             "%s: tool.driver.name is a non-empty string" % where)
    rules = driver.get("rules")
    rule_ids = []
    if req.need("tool.driver.rules", isinstance(rules, list) and len(rules) >= 1,
                "%s: tool.driver.rules is a non-empty array" % where):
        for n, rule in enumerate(rules):
            check_rule(req, rule, "%s.rules[%d]" % (where, n))
            rule_ids.append(rule.get("id") if isinstance(rule, dict) else None)
        req.need("tool.driver.rules-unique", len(set(rule_ids)) == len(rule_ids),
                 "%s: rule ids are unique: %r" % (where, rule_ids))
    bases = run.get("originalUriBaseIds", {})
    base_ids = set()
    if req.need("run.originalUriBaseIds", isinstance(bases, dict),
                "%s: run.originalUriBaseIds is an object" % where):
        for name, base in bases.items():
            uri = base.get("uri") if isinstance(base, dict) else None
            # SARIF 3.14.14: an absolute URI ending in a slash.
            req.need("originalUriBaseIds.uri",
                     isinstance(uri, str) and re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", uri)
                     and uri.endswith("/"),
                     "%s: originalUriBaseIds[%r].uri is absolute and ends in '/' (got %r)"
                     % (where, name, uri))
            base_ids.add(name)
    results = run.get("results")
    if req.need("run.results", isinstance(results, list), "%s: run.results is an array" % where):
        for n, res in enumerate(results):
            check_result(req, res, rule_ids, base_ids, "%s.results[%d]" % (where, n))


def requirements(doc, req=None):
    """The SARIF 2.1.0 requirements doc breaks, as (code, text) pairs."""
    req = req or Requirements()
    if not req.need("sarifLog", isinstance(doc, dict), "the log is a JSON object"):
        return req
    req.need("sarifLog.version", doc.get("version") == "2.1.0",
             "sarifLog.version is \"2.1.0\" (got %r)" % doc.get("version"))
    if "$schema" in doc:
        req.need("sarifLog.$schema", isinstance(doc["$schema"], str)
                 and SCHEMA_URI.match(doc["$schema"]) is not None,
                 "sarifLog.$schema is the URI of the SARIF 2.1.0 schema (got %r)" % doc["$schema"])
    runs = doc.get("runs")
    if req.need("sarifLog.runs", isinstance(runs, list) and len(runs) >= 1,
                "sarifLog.runs is a non-empty array"):
        for n, run in enumerate(runs):
            check_run(req, run, "runs[%d]" % n)
    return req


# ---------------------------------------------------------------------------
# Doctored documents: each breaks one requirement, in place or by returning
# a replacement.  The paths below reach
# into the checker's own document (first run, first rule, first result).

def first_result(d):
    return d["runs"][0]["results"][0]


def first_phys(d):
    return first_result(d)["locations"][0]["physicalLocation"]


def first_rule(d):
    return d["runs"][0]["tool"]["driver"]["rules"][0]


def setter(get, key, value):
    def mutate(d):
        get(d)[key] = value
    return mutate


def deleter(get, key):
    def mutate(d):
        del get(d)[key]
    return mutate


def same(d):
    return d


def run0(d):
    return d["runs"][0]


def driver(d):
    return d["runs"][0]["tool"]["driver"]


def region(d):
    return first_phys(d)["region"]


def art(d):
    return first_phys(d)["artifactLocation"]


def fps(d):
    return first_result(d)["partialFingerprints"]


def other_rule_id(d):
    rules = driver(d)["rules"]
    return rules[(first_result(d)["ruleIndex"] + 1) % len(rules)]["id"]


DOCTORED = [
    ("sarifLog", lambda d: ["not", "an", "object"]),
    ("sarifLog.version", deleter(same, "version")),
    ("sarifLog.version", setter(same, "version", "2.0.0")),
    ("sarifLog.$schema", setter(same, "$schema", "https://example.org/sarif-2.0.0.json")),
    ("sarifLog.runs", deleter(same, "runs")),
    ("sarifLog.runs", setter(same, "runs", [])),
    ("run", lambda d: d["runs"].append("run")),
    ("run.tool", deleter(run0, "tool")),
    ("tool.driver", deleter(lambda d: run0(d)["tool"], "driver")),
    ("tool.driver.name", deleter(driver, "name")),
    ("tool.driver.name", setter(driver, "name", "")),
    ("tool.driver.rules", setter(driver, "rules", [])),
    ("tool.driver.rules-unique", lambda d: driver(d)["rules"].append(copy.deepcopy(first_rule(d)))),
    ("rule", lambda d: driver(d)["rules"].append(7)),
    ("rule.id", deleter(first_rule, "id")),
    ("rule.shortDescription", deleter(first_rule, "shortDescription")),
    ("rule.fullDescription", setter(first_rule, "fullDescription", {"text": ""})),
    ("rule.help", setter(first_rule, "help", {"markdown": "only markdown"})),
    ("rule.defaultConfiguration.level", deleter(first_rule, "defaultConfiguration")),
    ("rule.defaultConfiguration.level", setter(first_rule, "defaultConfiguration", {"level": "fatal"})),
    ("run.originalUriBaseIds", setter(run0, "originalUriBaseIds", ["SRCROOT"])),
    ("originalUriBaseIds.uri", lambda d: run0(d)["originalUriBaseIds"]["SRCROOT"].update(uri="src")),
    ("run.results", setter(run0, "results", {})),
    ("result", lambda d: run0(d)["results"].append(None)),
    ("result.ruleId", deleter(first_result, "ruleId")),
    ("result.ruleIndex", deleter(first_result, "ruleIndex")),
    ("result.ruleIndex", setter(first_result, "ruleIndex", 999)),
    ("result.ruleId=ruleIndex", lambda d: first_result(d).update(ruleId=other_rule_id(d))),
    ("result.level", setter(first_result, "level", "fatal")),
    ("result.message", deleter(first_result, "message")),
    ("result.message", setter(first_result, "message", {"text": " "})),
    ("result.locations", setter(first_result, "locations", [])),
    ("location", lambda d: first_result(d)["locations"].append("here")),
    ("location.physicalLocation", deleter(lambda d: first_result(d)["locations"][0],
                                          "physicalLocation")),
    ("physicalLocation.artifactLocation", deleter(first_phys, "artifactLocation")),
    ("artifactLocation.uri", deleter(art, "uri")),
    ("artifactLocation.uri-chars", setter(art, "uri", "drivers/char/a file.c")),
    ("artifactLocation.uriBaseId", deleter(art, "uriBaseId")),
    ("artifactLocation.uriBaseId-defined", setter(art, "uriBaseId", "NOWHERE")),
    ("region", setter(first_phys, "region", "line 3")),
    ("region.startLine", setter(region, "startLine", 0)),
    ("region.startLine", deleter(region, "startLine")),
    ("region.startColumn", setter(region, "startColumn", 0)),
    ("region.endLine", lambda d: region(d).update(startLine=5, endLine=4)),
    ("region.endColumn", lambda d: region(d).update(startColumn=5, endColumn=4)),
    ("result.partialFingerprints", deleter(first_result, "partialFingerprints")),
    ("partialFingerprints.name", lambda d: fps(d).update({"fingerprint": "abc"})),
    ("partialFingerprints.value", lambda d: fps(d).update({"other/v1": 12})),
]


def self_test(c, doc):
    """Every requirement check fails on the document doctored to break it,
    and only the pristine document passes them all."""
    pristine = requirements(doc)
    c.expect(not pristine.broken, "the checker's SARIF meets every requirement: %s"
             % "; ".join(w for _, w in pristine.broken[:10]))
    seen = set(pristine.seen)
    made_to_fail = set()
    for entry in DOCTORED:
        code, mutate = entry
        d = copy.deepcopy(doc)
        replaced = mutate(d)  # None when it changed d in place
        if replaced is not None:
            d = replaced
        req = requirements(d)
        seen |= req.seen
        codes = {k for k, _ in req.broken}
        if c.expect(code in codes, "a document doctored to break %s fails that check (it broke: %s)"
                    % (code, sorted(codes) or "nothing")):
            made_to_fail.add(code)
    never = sorted(seen - made_to_fail)
    c.expect(not never, "every requirement check has been made to fail once; never: %s" % never)
    print("self-test: %d requirement checks, %d doctored documents"
          % (len(seen), len(DOCTORED)))


# ---------------------------------------------------------------------------

def sarif_of(c, corpus):
    cwd = os.path.dirname(os.path.abspath(corpus))
    rel_corpus = os.path.basename(os.path.abspath(corpus))
    rc, out, err = c.run("-q", "--format=sarif", rel_corpus, cwd=cwd)
    c.expect(rc in (0, 1), "exit 0 or 1 (got %d): %s" % (rc, err[-500:]))
    rc_j, out_j, _ = c.run("-q", "--format=json", rel_corpus, cwd=cwd)
    return json.loads(out), json.loads(out_j)["findings"]


def agrees_with_json(c, sarif, findings):
    run = sarif["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    for r in rules:
        c.expect(r.get("properties", {}).get("confidence") in ("low", "medium", "high"),
                 "rule %s has a confidence" % r["id"])
    base = run.get("originalUriBaseIds", {}).get("SRCROOT", {}).get("uri", "")
    c.expect(base.startswith("file:///") and base.endswith("/"),
             "SRCROOT is an absolute file URI: %r" % base)
    results = run["results"]
    c.expect(len(results) == len(findings) and findings,
             "as many results as JSON findings, and some (%d, %d)" % (len(results), len(findings)))
    for res, f in zip(results, findings):
        c.expect(res["ruleId"] == f["rule"], "ruleId is the rule: %s" % f["rule"])
        loc = res["locations"][0]["physicalLocation"]
        art_ = loc["artifactLocation"]
        c.expect(art_.get("uriBaseId") == "SRCROOT" and not art_["uri"].startswith("/"),
                 "URI relative to SRCROOT: %r" % art_["uri"])
        c.expect(art_["uri"] == f["file"], "URI is the file: %r vs %r" % (art_["uri"], f["file"]))
        c.expect(loc["region"]["startLine"] == f["line"], "same line")
        c.expect(res["partialFingerprints"].get("safeseek/v1") == f["fingerprint"],
                 "SARIF and JSON fingerprints agree")
        c.expect(res["level"] == f["severity"], "level is the severity")


def find_schema(default):
    """(path, None) or (None, reason to skip); exits 1 when the environment
    names a schema that is not there."""
    env = os.environ.get("SAFESEEK_SARIF_SCHEMA")
    if env:
        if not os.path.isfile(env):
            print("FAIL: SAFESEEK_SARIF_SCHEMA=%s: no such file" % env)
            sys.exit(1)
        return env, None
    if default and os.path.isfile(default):
        return default, None
    return None, ("skipped: no official SARIF 2.1.0 schema (set SAFESEEK_SARIF_SCHEMA, or put "
                  "shared/schemas/sarif-schema-2.1.0.json beside the repository)")


def against_schema(c, doc, schema_path):
    import jsonschema
    with open(schema_path) as f:
        schema = json.load(f)
    validator = jsonschema.validators.validator_for(schema)(schema)
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
    for e in errors[:10]:
        c.expect(False, "SARIF validates against %s: %s at %s"
                 % (os.path.basename(schema_path), e.message, list(e.absolute_path)))
    # The schema catches a broken document too (else it validates nothing).
    for code, mutate in (("version", setter(same, "version", "2.0.0")),
                         ("startLine", setter(region, "startLine", 0)),
                         ("message", deleter(first_result, "message")),
                         ("tool", deleter(run0, "tool"))):
        d = copy.deepcopy(doc)
        mutate(d)
        c.expect(any(True for _ in validator.iter_errors(d)),
                 "the schema rejects a document without a valid %s" % code)
    print("validated against %s" % schema_path)


def main():
    args = sys.argv[1:]
    schema_mode = bool(args) and args[0] == "--schema"
    if schema_mode:
        args = args[1:]
    if len(args) not in (2, 3):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        sys.exit(2)
    c = Checker(args[0])
    corpus = args[1]
    if schema_mode:
        schema_path, skip = find_schema(args[2] if len(args) == 3 else None)
        if skip:
            print(skip)
            sys.exit(SKIP)
        doc, _ = sarif_of(c, corpus)
        against_schema(c, doc, schema_path)
    else:
        doc, findings = sarif_of(c, corpus)
        self_test(c, doc)
        agrees_with_json(c, doc, findings)
    c.finish()


if __name__ == "__main__":
    main()
