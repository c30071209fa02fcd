// Package assets holds the files Rule Studio ships inside its binary: the example
// rule packs (packs/*.yaml), their scenario tests (scenarios/PACK/*.yaml, with
// their .events transcripts; see package preview/scenario), the bundled example project's pack and the icons. It
// holds no logic beyond exposing the embedded files.
package assets
