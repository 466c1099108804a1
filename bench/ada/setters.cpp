// setters.cpp: ada's URL setters on the calls of ../testdata/setters.txt,
// beside ada's parse of each call's resulting href, for comparison with
// BenchmarkWebSetters (bench/web_setters_test.go). Prints one line per run:
//   ada host set <ns/call> parse-of-result <ns/call> pathname set <ns/call> parse-of-result <ns/call>
// A set copies the parsed base (an ada::url_aggregator) and calls its setter,
// as WebParser's setters return a new URI and leave the old one.
// Build: ./build.sh (needs ../../../shared/bench/ada). Run from bench/:
//   ada/ada-setters testdata/setters.txt [passes] [runs]
#include "ada.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

struct call {
  bool host;
  ada::url_aggregator base;
  std::string value, href;
};

int main(int argc, char** argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s SETTERS.txt [passes] [runs]\n", argv[0]); return 2; }
  std::ifstream f(argv[1]);
  std::vector<call> calls;
  for (std::string l; std::getline(f, l);) {
    if (l.empty() || l[0] == '#') continue;
    std::string attr, base, value;
    std::istringstream in(l);
    std::getline(in, attr, '\t');
    std::getline(in, base, '\t');
    std::getline(in, value);
    auto u = ada::parse<ada::url_aggregator>(base);
    if (!u) { fprintf(stderr, "base does not parse: %s\n", base.c_str()); return 2; }
    call c{attr == "host", *u, value, ""};
    auto r = *u;
    if (c.host) r.set_host(value); else r.set_pathname(value);
    c.href = std::string(r.get_href());
    calls.push_back(c);
  }
  int passes = argc > 2 ? atoi(argv[2]) : 200, runs = argc > 3 ? atoi(argv[3]) : 5;
  volatile size_t sink = 0;
  for (int run = 0; run < runs; run++) {
    double ns[2][2] = {{0, 0}, {0, 0}};
    size_t n[2] = {0, 0};
    for (int h = 0; h < 2; h++) {
      auto t0 = std::chrono::steady_clock::now();
      for (int p = 0; p < passes; p++)
        for (auto& c : calls)
          if (c.host == (h == 0)) {
            auto r = c.base;
            if (c.host) r.set_host(c.value); else r.set_pathname(c.value);
            sink = sink + r.get_href().size();
          }
      auto t1 = std::chrono::steady_clock::now();
      for (int p = 0; p < passes; p++)
        for (auto& c : calls)
          if (c.host == (h == 0)) {
            auto r = ada::parse<ada::url_aggregator>(c.href);
            sink = sink + r->get_href().size();
          }
      auto t2 = std::chrono::steady_clock::now();
      for (auto& c : calls) n[h] += c.host == (h == 0);
      ns[h][0] = std::chrono::duration<double, std::nano>(t1 - t0).count() / (double(passes) * n[h]);
      ns[h][1] = std::chrono::duration<double, std::nano>(t2 - t1).count() / (double(passes) * n[h]);
    }
    printf("ada host set %.1f parse-of-result %.1f pathname set %.1f parse-of-result %.1f\n", ns[0][0], ns[0][1], ns[1][0], ns[1][1]);
  }
  return 0;
}
