"""Validates custom resources against their CustomResourceDefinition's schema, strictly as kubectl's field validation
is: a field the schema does not name fails (unless the schema keeps unknown fields there).

usage: python check_custom_resource.py CRD.yaml MANIFEST.yaml
"""
import sys

import jsonschema
import yaml


def strict(schema):
    if isinstance(schema, dict):
        if "properties" in schema and "additionalProperties" not in schema \
                and not schema.get("x-kubernetes-preserve-unknown-fields"):
            schema = dict(schema, additionalProperties=False)
        return {key: strict(value) for key, value in schema.items()}
    if isinstance(schema, list):
        return [strict(item) for item in schema]
    return schema


def main(crd_path, manifest_path):
    crd = yaml.safe_load(open(crd_path))
    group, kind = crd["spec"]["group"], crd["spec"]["names"]["kind"]
    schemas = {group + "/" + version["name"]: strict(version["schema"]["openAPIV3Schema"])
               for version in crd["spec"]["versions"]}
    failures, checked = 0, 0
    for document in yaml.safe_load_all(open(manifest_path)):
        if not document or document.get("kind") != kind:
            continue
        schema = schemas.get(document.get("apiVersion"))
        name = kind.lower() + "/" + document.get("metadata", {}).get("name", "?")
        if schema is None:
            print(name + ": no version " + str(document.get("apiVersion")) + " in " + crd_path)
            failures += 1
            continue
        schema["properties"]["metadata"] = {"type": "object"}  # checked by the API server's own rules, not here
        errors = list(jsonschema.Draft7Validator(schema).iter_errors(document))
        for error in errors:
            print(name + ": " + "/".join(str(p) for p in error.absolute_path) + ": " + error.message)
        failures += len(errors)
        checked += 1
        if not errors:
            print(name + ": valid")
    if checked == 0:
        print("no " + kind + " in " + manifest_path)
        failures += 1
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
