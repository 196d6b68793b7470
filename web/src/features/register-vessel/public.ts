// The registration wizard's public entry: what the app (router) uses. Other code imports the feature only from here.
