import RouteKit
