#version 450
// The shadow map's particles and markers: only the disc of each impostor square casts a shadow.
layout(location = 0) in vec2 disc;

void main() {
  if (dot(disc, disc) > 1.0) discard;
}
