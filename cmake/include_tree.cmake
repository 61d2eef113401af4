# The include tree: every header is included by its namespaced path,
# "endsolve/solver/solver.h", as Abseil's are by "absl/...", so that the
# installed headers (include/endsolve/FOLDER/, endsolve_public_headers) and
# a consumer's own "board/board.h" cannot collide. In the source tree the
# folders sit at the root, so the build makes the namespace folder:
#
#   endsolve_include_tree(DIR ROOT FOLDER...)
#
# makes DIR/endsolve/FOLDER a symbolic link to ROOT/FOLDER for each FOLDER;
# DIR then goes on the include path. One link per folder rather than one to
# ROOT: the build folder lies inside ROOT, and a link to ROOT would make a
# cycle for anything that follows links.
function(endsolve_include_tree dir root)
  file(MAKE_DIRECTORY ${dir}/endsolve)
  foreach(folder IN LISTS ARGN)
    file(CREATE_LINK ${root}/${folder} ${dir}/endsolve/${folder} SYMBOLIC)
  endforeach()
endfunction()
