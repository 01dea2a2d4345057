// The one lighting model of the scene: a key light with Blinn-Phong highlights, a dimmer fill
// light from the opposite side, and a sky/ground ambient term. Colours are linear; the sRGB
// attachment encodes them for the display.

// The key light's part of diffuse_light: what a shadow of the key light takes away.
vec3 key_light_on(vec3 n, vec3 to_light) {
  return vec3(0.85 * max(dot(n, to_light), 0.0));
}

// What multiplies the albedo: ambient, key and fill light on a surface of unit normal n.
vec3 diffuse_light(vec3 n, vec3 to_light) {
  float fill = max(dot(n, normalize(vec3(-to_light.x, 0.4, -to_light.z))), 0.0);
  vec3 ambient = mix(vec3(0.10, 0.09, 0.08), vec3(0.18, 0.20, 0.24), 0.5 + 0.5 * n.y);
  return ambient + key_light_on(n, to_light) + vec3(0.25 * fill);
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

// Cloth is thin: the side facing away from the key light is lit by the share of it that comes
// through the weave, so a cloth seen from its shaded side still shows its folds.
const float kClothTranslucency = 0.35;

vec3 shade_cloth(vec3 albedo, vec3 normal, vec3 position, vec3 eye, vec3 to_light) {
  vec3 through = kClothTranslucency * key_light_on(-normalize(normal), to_light);
  return shade(albedo, normal, position, eye, to_light, 24.0, 0.08) + albedo * through;
}

// The reverse of a fabric: paler and greyer than its face, as a woven cloth's back is, so that a
// fold shows which side is which.
vec3 reverse_side(vec3 face) {
  return mix(face, vec3(0.60, 0.57, 0.52), 0.5);
}

// The sRGB transfer function, for attachments that are UNORM: lavapipe stores and resolves
// multisampled sRGB attachments far slower than UNORM ones, so the shaders encode themselves.
vec3 encode_srgb(vec3 linear) {
  vec3 c = clamp(linear, 0.0, 1.0);
  return mix(12.92 * c, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}

// What a fragment shader writes: `linear` encoded where the attachment does not do it.
vec4 output_color(vec3 linear, uint encode) {
  return vec4(encode != 0u ? encode_srgb(linear) : linear, 1.0);
}
