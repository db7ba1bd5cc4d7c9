// Command check is `npm run check:k8s` without a cluster: `helm lint` and `helm template` of the
// chart (helm's own packages), then every rendered object validated offline for one Kubernetes
// version: built-in kinds by strict decoding into k8s.io/api's types (an unknown or mistyped field
// is an error), the operators' kinds by their vendored CRDs' structural schemas (unknown fields
// found by pruning, then the OpenAPI validation the API server runs). It also proves, each run,
// that the chart refuses to render without its secrets and that the validator refuses the wrong
// documents in testdata/.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"helm.sh/helm/v3/pkg/action"
	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	"helm.sh/helm/v3/pkg/cli/values"
	"helm.sh/helm/v3/pkg/getter"
	"helm.sh/helm/v3/pkg/lint"
	"helm.sh/helm/v3/pkg/lint/support"
	apiextensions "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/yaml"
)

// The Kubernetes version the manifests are validated for: the API types of k8s.io/api v0.37 (go.mod).
var kubeVersion = chartutil.KubeVersion{Version: "v1.37.0", Major: "1", Minor: "37"}

const namespace = "cine"

func main() {
	chartDir := flag.String("chart", "../chart", "the chart's folder")
	crdDir := flag.String("crds", "../crds", "folder of the operators' CRD YAMLs")
	valuesFile := flag.String("f", "ci-values.yaml", "values to lint and render with (the required secrets)")
	out := flag.String("out", "../rendered.yaml", "where the rendered manifests are written")
	wrongDir := flag.String("wrong", "testdata", "documents the validator must refuse")
	flag.Parse()

	vals, err := (&values.Options{ValueFiles: []string{*valuesFile}}).MergeValues(getter.Providers{})
	must(err, "reading "+*valuesFile)
	must(lintChart(*chartDir, vals), "helm lint")
	fmt.Printf("helm lint: %s passed (Kubernetes %s)\n", *chartDir, kubeVersion.Version)

	if _, err := render(*chartDir, map[string]interface{}{}); err == nil || !strings.Contains(err.Error(), "is required") {
		fail(fmt.Errorf("the chart rendered without its secrets (it must require them): %v", err))
	}
	fmt.Println("helm template without secrets: refused, as it must be")

	manifest, err := render(*chartDir, vals)
	must(err, "helm template")
	must(os.WriteFile(*out, []byte(manifest), 0o644), "writing "+*out)

	crds, err := loadCRDs(*crdDir)
	must(err, "loading the CRDs")
	counts, problems := validateAll(manifest, crds)
	if len(problems) > 0 {
		for _, problem := range problems {
			fmt.Fprintln(os.Stderr, problem)
		}
		fail(fmt.Errorf("%d invalid objects in %s", len(problems), *out))
	}
	fmt.Printf("helm template: %s valid for Kubernetes %s (%s), written to %s\n", summary(counts), kubeVersion.Version, crdNames(crds), *out)

	refused, err := expectRefused(*wrongDir, crds)
	must(err, "validator self-check")
	fmt.Printf("validator self-check: the %d wrong documents in %s refused\n", refused, *wrongDir)
}

func lintChart(chartDir string, vals map[string]interface{}) error {
	result := lint.AllWithKubeVersion(chartDir, vals, namespace, &kubeVersion)
	var errs []string
	for _, message := range result.Messages {
		if message.Severity >= support.WarningSev {
			errs = append(errs, message.Error())
		}
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "\n"))
	}
	return nil
}

// render is `helm template cine <chart> -n cine --kube-version 1.37`.
func render(chartDir string, vals map[string]interface{}) (string, error) {
	chart, err := loader.Load(chartDir)
	if err != nil {
		return "", err
	}
	install := action.NewInstall(&action.Configuration{Log: func(string, ...interface{}) {}})
	install.DryRun = true
	install.ClientOnly = true
	install.Replace = true
	install.ReleaseName = "cine"
	install.Namespace = namespace
	install.KubeVersion = &kubeVersion
	release, err := install.Run(chart, vals)
	if err != nil {
		return "", err
	}
	return release.Manifest, nil
}

// crd is one served version of a vendored CustomResourceDefinition.
type crd struct {
	name       string
	structural *structuralschema.Structural
	validator  validation.SchemaValidator
}

func loadCRDs(dir string) (map[schema.GroupVersionKind]crd, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	crds := map[schema.GroupVersionKind]crd{}
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		var definition apiextensionsv1.CustomResourceDefinition
		if err := yaml.Unmarshal(text, &definition); err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		for _, version := range definition.Spec.Versions {
			if !version.Served || version.Schema == nil || version.Schema.OpenAPIV3Schema == nil {
				continue
			}
			var internal apiextensions.JSONSchemaProps
			if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(version.Schema.OpenAPIV3Schema, &internal, nil); err != nil {
				return nil, fmt.Errorf("%s: %w", file, err)
			}
			structural, err := structuralschema.NewStructural(&internal)
			if err != nil {
				return nil, fmt.Errorf("%s: not a structural schema: %w", file, err)
			}
			validator, _, err := validation.NewSchemaValidator(&internal)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", file, err)
			}
			gvk := schema.GroupVersionKind{Group: definition.Spec.Group, Version: version.Name, Kind: definition.Spec.Names.Kind}
			crds[gvk] = crd{name: definition.Name, structural: structural, validator: validator}
		}
	}
	if len(crds) == 0 {
		return nil, fmt.Errorf("no CRD in %s", dir)
	}
	return crds, nil
}

// strict decodes built-in kinds refusing unknown and duplicate fields, as `kubectl apply --validate=strict` does.
var strict = json.NewSerializerWithOptions(json.DefaultMetaFactory, scheme.Scheme, scheme.Scheme, json.SerializerOptions{Yaml: true, Strict: true})

func validateAll(manifest string, crds map[schema.GroupVersionKind]crd) (map[string]int, []string) {
	counts := map[string]int{}
	var problems []string
	for index, document := range splitDocuments(manifest) {
		kind, err := validateDocument(document, crds)
		if err != nil {
			problems = append(problems, fmt.Sprintf("object %d (%s): %v", index+1, kind, err))
			continue
		}
		counts[kind]++
	}
	return counts, problems
}

func validateDocument(document []byte, crds map[schema.GroupVersionKind]crd) (string, error) {
	var object map[string]interface{}
	if err := yaml.Unmarshal(document, &object); err != nil {
		return "?", err
	}
	apiVersion, _ := object["apiVersion"].(string)
	kindName, _ := object["kind"].(string)
	gvk := schema.FromAPIVersionAndKind(apiVersion, kindName)
	metadata, _ := object["metadata"].(map[string]interface{})
	label := fmt.Sprintf("%s %v", kindName, metadata["name"])
	if definition, ok := crds[gvk]; ok {
		return label, validateCustom(object, definition)
	}
	if !scheme.Scheme.Recognizes(gvk) {
		return label, fmt.Errorf("%s is not a kind of Kubernetes %s nor of the vendored CRDs", gvk, kubeVersion.Version)
	}
	if _, _, err := strict.Decode(document, nil, nil); err != nil {
		return label, err
	}
	return label, nil
}

func validateCustom(object map[string]interface{}, definition crd) error {
	// Pruning on a copy lists the fields the schema does not know (the API server would drop them silently).
	copied := runtime.DeepCopyJSON(object)
	unknown := pruning.PruneWithOptions(copied, definition.structural, true, structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: true})
	var messages []string
	for _, path := range unknown {
		messages = append(messages, fmt.Sprintf("unknown field %q", path))
	}
	for _, problem := range validation.ValidateCustomResource(field.NewPath(""), object, definition.validator) {
		messages = append(messages, problem.Error())
	}
	if len(messages) > 0 {
		return fmt.Errorf("%s: %s", definition.name, strings.Join(messages, "; "))
	}
	return nil
}

// expectRefused validates each testdata document: every one must fail (a validator that lets a wrong field through proves nothing).
func expectRefused(dir string, crds map[schema.GroupVersionKind]crd) (int, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil || len(files) == 0 {
		return 0, fmt.Errorf("no wrong documents in %s", dir)
	}
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			return 0, err
		}
		kind, err := validateDocument(text, crds)
		if err == nil {
			return 0, fmt.Errorf("%s (%s) passed validation; it must not", file, kind)
		}
		fmt.Printf("  %s refused: %v\n", filepath.Base(file), err)
	}
	return len(files), nil
}

func splitDocuments(manifest string) [][]byte {
	reader := utilyaml.NewYAMLReader(bufio.NewReader(strings.NewReader(manifest)))
	var documents [][]byte
	for {
		document, err := reader.Read()
		if errors.Is(err, io.EOF) {
			return documents
		}
		must(err, "splitting the manifests")
		if len(bytes.TrimSpace(stripComments(document))) > 0 {
			documents = append(documents, document)
		}
	}
}

func stripComments(document []byte) []byte {
	var kept [][]byte
	for _, line := range bytes.Split(document, []byte("\n")) {
		if !bytes.HasPrefix(bytes.TrimSpace(line), []byte("#")) {
			kept = append(kept, line)
		}
	}
	return bytes.Join(kept, []byte("\n"))
}

func summary(counts map[string]int) string {
	kinds := map[string]int{}
	total := 0
	for label, count := range counts {
		kinds[strings.SplitN(label, " ", 2)[0]] += count
		total += count
	}
	names := make([]string, 0, len(kinds))
	for kind, count := range kinds {
		names = append(names, fmt.Sprintf("%d %s", count, kind))
	}
	sort.Strings(names)
	return fmt.Sprintf("%d objects (%s)", total, strings.Join(names, ", "))
}

func crdNames(crds map[schema.GroupVersionKind]crd) string {
	var names []string
	for gvk := range crds {
		names = append(names, gvk.Kind+" "+gvk.GroupVersion().String())
	}
	sort.Strings(names)
	return "CRDs: " + strings.Join(names, ", ")
}

func must(err error, what string) {
	if err != nil {
		fail(fmt.Errorf("%s: %w", what, err))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "check:k8s:", err)
	os.Exit(1)
}
