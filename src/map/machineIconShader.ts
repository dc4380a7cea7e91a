/**
 * deck.gl's icon vertex shader (billboard, size basis 'height', no angle or pixel offset) per vertex
 * instead of per instance: two triangles per machine, the corner of each vertex from its index
 * (`VERTICES_PER_ICON`).
 */
export const MACHINE_ICON_VS = /* glsl */ `\
#version 300 es
#define SHADER_NAME machine-icon-layer-vertex-shader
// Degrees from the layer's coordinate origin.
in vec2 machinePositions;
// x: atlas cell, y: 1 shown, 0 hidden.
in vec2 machineIcons;
out vec2 vTextureCoords;

const vec2 CORNERS[VERTICES_PER_ICON] = vec2[VERTICES_PER_ICON](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0), vec2(-1.0, 1.0), vec2(1.0, -1.0), vec2(1.0, 1.0));

void main(void) {
  vec2 corner = CORNERS[gl_VertexID % VERTICES_PER_ICON];
  vec3 position = vec3(machinePositions, 0.0);
  geometry.worldPosition = position;
  geometry.uv = corner;

  vec2 iconSize = vec2(CELL_WIDTH, CELL_HEIGHT);
  vec2 frameOrigin = vec2(machineIcons.x * CELL_WIDTH, ROW_Y);
  float sizePixels = clamp(
    project_size_to_pixel(machineIcons.y * icon.sizeScale, icon.sizeUnits),
    icon.sizeMinPixels, icon.sizeMaxPixels
  );
  vec2 anchorOffset = iconSize / 2.0 - vec2(ANCHOR_X, ANCHOR_Y);
  vec2 pixelOffset = (corner / 2.0 * iconSize + anchorOffset) * (sizePixels / CELL_HEIGHT);
  pixelOffset.y *= -1.0;

  gl_Position = project_position_to_clipspace(position, vec3(0.0), vec3(0.0), geometry.position);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);
  vec3 offset = vec3(pixelOffset, 0.0);
  DECKGL_FILTER_SIZE(offset, geometry);
  gl_Position.xy += project_pixel_size_to_clipspace(offset.xy);

  vTextureCoords = mix(frameOrigin, frameOrigin + iconSize, (corner + 1.0) / 2.0) / icon.iconsTextureDim;
}
`;

/**
 * deck.gl's icon fragment shader for images drawn in their own colours, with one interpolated value
 * (the atlas coordinate) instead of five: a software renderer interpolates each one per pixel. No picking
 * colour: the markers are hit-tested on the CPU (`markerAt`).
 */
export const MACHINE_ICON_FS = /* glsl */ `\
#version 300 es
#define SHADER_NAME machine-icon-layer-fragment-shader
precision highp float;
uniform sampler2D iconsTexture;
in vec2 vTextureCoords;
out vec4 fragColor;

void main(void) {
  fragColor = texture(iconsTexture, vTextureCoords);
  fragColor.a *= layer.opacity;
  if (fragColor.a < icon.alphaCutoff) {
    discard;
  }
}
`;
