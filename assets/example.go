package assets

import _ "embed"

// ExamplePack is the rule pack of the bundled example project: Hearts after
// BGA's tutorial, in canonical YAML. `studio` with no argument opens a project
// made from it.
//
//go:embed example/hearts.yaml
var ExamplePack []byte

// ExamplePackName is the file name ExamplePack was read from, for diagnostics.
const ExamplePackName = "example/hearts.yaml"

// Icon is Rule Studio's application icon, a 256x256 PNG.
//
//go:embed icon.png
var Icon []byte
