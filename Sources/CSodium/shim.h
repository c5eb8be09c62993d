#ifndef ROUTEKIT_CSODIUM_SHIM_H
#define ROUTEKIT_CSODIUM_SHIM_H
#include <sodium.h>
#endif
