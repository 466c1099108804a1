#!/usr/bin/env sh
# Builds ada-setters from ada's single-header release in ../../../shared/bench/ada
# (not copied into the module), beside this script.
set -e
cd "$(dirname "$0")"
ADA=${ADA:-../../../shared/bench/ada}
${CXX:-g++} -std=c++20 -O3 -DNDEBUG -I"$ADA" -o "${1:-ada-setters}" setters.cpp "$ADA/ada.cpp"
