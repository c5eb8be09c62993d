#ifndef ROUTEKIT_CYAML_SHIM_H
#define ROUTEKIT_CYAML_SHIM_H
#include <yaml.h>
#endif
