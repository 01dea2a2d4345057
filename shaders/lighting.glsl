// The one lighting model of the scene: a key light with Blinn-Phong highlights, a dimmer fill
// light from the opposite side, and a sky/ground ambient term. Colours are linear; the sRGB
// attachment encodes them for the display.

// What multiplies the albedo: ambient, key and fill light on a surface of unit normal n.
vec3 diffuse_light(vec3 n, vec3 to_light) {
  float key = max(dot(n, to_light), 0.0);
  float fill = max(dot(n, normalize(vec3(-to_light.x, 0.4, -to_light.z))), 0.0);
  vec3 ambient = mix(vec3(0.10, 0.09, 0.08), vec3(0.18, 0.20, 0.24), 0.5 + 0.5 * n.y);
  return ambient + vec3(0.85 * key + 0.25 * fill);
}

vec3 shade(vec3 albedo, vec3 normal, vec3 position, vec3 eye, vec3 to_light, float shininess,
           float specular) {
  vec3 n = normalize(normal);
  vec3 to_eye = normalize(eye - position);
  float highlight = dot(n, to_light) > 0.0
                        ? pow(max(dot(n, normalize(to_light + to_eye)), 0.0), shininess)
                        : 0.0;
  return albedo * diffuse_light(n, to_light) + specular * highlight;
}
