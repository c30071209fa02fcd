// Package assets holds the files Rule Studio ships inside its binary: the example
// rule packs (packs/*.yaml), the bundled example project's pack and the icons. It
// holds no logic beyond exposing the embedded files.
package assets
