// Command checker judges histories recorded by the benchmark's faults scenario, independently of the service: each
// show's operations must be linearizable (Porcupine, with a model of a show's seats and holds), every acknowledged
// write must be in the log, nothing refused may be, no seat may be taken twice, and the listing must agree with the
// log at the end.
//
//	checker [-timeout 60s] [-html DIR] HISTORY.jsonl...
//
// Prints one JSON line per history (its file, then the verdict); exits 1 if any history has an anomaly, 2 if one
// cannot be read. With -html, a non-linearizable history's visualization is written to DIR/NAME.html.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	timeout := flag.Duration("timeout", 60*time.Second, "how long the linearizability search may take per history")
	html := flag.String("html", "", "where to write the visualizations of non-linearizable histories")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: checker [-timeout 60s] [-html DIR] HISTORY.jsonl...")
		os.Exit(2)
	}
	anomalies := false
	for _, path := range flag.Args() {
		v, err := checkFile(path, *timeout, *html)
		if err != nil {
			fmt.Fprintf(os.Stderr, "checker: %s: %v\n", path, err)
			os.Exit(2)
		}
		line, _ := json.Marshal(struct {
			History string `json:"history"`
			verdict
		}{path, v})
		fmt.Println(string(line))
		anomalies = anomalies || !v.ok()
	}
	if anomalies {
		os.Exit(1)
	}
}

func checkFile(path string, timeout time.Duration, html string) (verdict, error) {
	file, err := os.Open(path)
	if err != nil {
		return verdict{}, err
	}
	defer file.Close()
	h, err := readHistory(file)
	if err != nil {
		return verdict{}, err
	}
	visualization := ""
	if html != "" {
		visualization = filepath.Join(html, strings.TrimSuffix(filepath.Base(path), ".jsonl")+".html")
	}
	return check(h, timeout, visualization), nil
}
