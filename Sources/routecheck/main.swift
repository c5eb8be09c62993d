import RouteCheck
