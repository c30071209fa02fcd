package assets

import _ "embed"

// ExamplePack is the rule pack of the bundled example project: the example pack
// packs/hearts.yaml (Hearts after BGA's tutorial, runnable by the engine).
// `studio` with no argument opens a project made from it.
//
//go:embed packs/hearts.yaml
var ExamplePack []byte

// ExamplePackName is the file name ExamplePack was read from, for diagnostics.
const ExamplePackName = "packs/hearts.yaml"

// Icon is Rule Studio's application icon, a 256x256 PNG.
//
//go:embed icon.png
var Icon []byte
