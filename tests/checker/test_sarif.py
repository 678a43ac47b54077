"""--format=sarif validates against the SARIF 2.1.0 schema and agrees with JSON."""

import json
import os
import sys

from checklib import Checker

c = Checker(sys.argv[1])
corpus = sys.argv[2]
schema_path = sys.argv[3]

if not os.path.exists(schema_path):
    print("FAIL: the SARIF 2.1.0 schema is not at %s; the test needs it "
          "(shared/schemas/sarif-schema-2.1.0.json beside the repository)" % schema_path)
    sys.exit(1)
import jsonschema  # noqa: E402  (only once the schema is known to exist)

with open(schema_path) as f:
    schema = json.load(f)

cwd = os.path.dirname(os.path.abspath(corpus))
rel_corpus = os.path.basename(os.path.abspath(corpus))
rc, out, err = c.run("-q", "--format=sarif", rel_corpus, cwd=cwd)
c.expect(rc in (0, 1), "exit 0 or 1 (got %d)" % rc)
sarif = json.loads(out)
try:
    jsonschema.validate(sarif, schema)
except jsonschema.ValidationError as e:
    c.expect(False, "SARIF validates: %s at %s" % (e.message, list(e.absolute_path)))

run = sarif["runs"][0]
rules = run["tool"]["driver"]["rules"]
ids = [r["id"] for r in rules]
for r in rules:
    for k in ("shortDescription", "fullDescription", "help"):
        c.expect(r.get(k, {}).get("text"), "rule %s has %s text" % (r["id"], k))
    c.expect(r.get("defaultConfiguration", {}).get("level") in ("note", "warning", "error"),
             "rule %s has a default level" % r["id"])
    c.expect(r.get("properties", {}).get("confidence") in ("low", "medium", "high"),
             "rule %s has a confidence" % r["id"])
base = run.get("originalUriBaseIds", {}).get("SRCROOT", {}).get("uri", "")
c.expect(base.startswith("file:///") and base.endswith("/"), "SRCROOT is an absolute file URI: %r" % base)

rc_j, out_j, _ = c.run("-q", "--format=json", rel_corpus, cwd=cwd)
findings = json.loads(out_j)["findings"]
results = run["results"]
c.expect(len(results) == len(findings), "as many results as JSON findings")
for res, f in zip(results, findings):
    c.expect(res["ruleId"] == f["rule"] and ids[res["ruleIndex"]] == f["rule"],
             "ruleId and ruleIndex agree: %s" % f["rule"])
    loc = res["locations"][0]["physicalLocation"]
    art = loc["artifactLocation"]
    c.expect(art.get("uriBaseId") == "SRCROOT" and not art["uri"].startswith("/"),
             "URI relative to SRCROOT: %r" % art["uri"])
    c.expect(art["uri"] == f["file"], "URI is the file: %r vs %r" % (art["uri"], f["file"]))
    c.expect(loc["region"]["startLine"] == f["line"], "same line")
    c.expect(res["partialFingerprints"].get("safeseek/v1") == f["fingerprint"],
             "SARIF and JSON fingerprints agree")
    c.expect(res["level"] == f["severity"], "level is the severity")

c.finish()
