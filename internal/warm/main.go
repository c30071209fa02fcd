package main

import (
	_ "fyne.io/fyne/v2/app"
	_ "fyne.io/fyne/v2/widget"
	_ "fyne.io/fyne/v2/dialog"
	_ "fyne.io/fyne/v2/test"
	_ "github.com/mattn/go-sqlite3"
	_ "go.starlark.net/starlark"
	_ "go.yaml.in/yaml/v3"
	_ "github.com/spf13/cobra"
	_ "github.com/schollz/progressbar/v3"
	_ "github.com/invopop/jsonschema"
	_ "github.com/santhosh-tekuri/jsonschema/v6"
	_ "github.com/pmezard/go-difflib/difflib"
)

func main() {}
