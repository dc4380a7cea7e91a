import type { Device, Framebuffer, RenderPass } from '@luma.gl/core';
import { Model } from '@luma.gl/engine';

/** One triangle that covers the whole target. */
const COVER_VS = /* glsl */ `\
#version 300 es
#define SHADER_NAME machine-picture-vertex-shader
const vec2 CORNERS[3] = vec2[3](vec2(-1.0, -1.0), vec2(3.0, -1.0), vec2(-1.0, 3.0));
void main(void) {
  gl_Position = vec4(CORNERS[gl_VertexID], 0.0, 1.0);
}
`;

/** The kept picture, pixel for pixel: it is the size of the target. */
const COPY_FS = /* glsl */ `\
#version 300 es
#define SHADER_NAME machine-picture-fragment-shader
precision highp float;
uniform sampler2D picture;
out vec4 fragColor;
void main(void) {
  fragColor = texelFetch(picture, ivec2(gl_FragCoord.xy), 0);
}
`;

/**
 * The picture holds colours already multiplied by their coverage (what blending with alpha "one" and
 * "one minus source alpha" leaves in a transparent target), so laying it over the map with the same rule
 * gives the pixels the markers would have given drawn straight onto the map, in the same order.
 */
const LAY_OVER = {
  blend: true,
  blendColorOperation: 'add',
  blendColorSrcFactor: 'one',
  blendColorDstFactor: 'one-minus-src-alpha',
  blendAlphaOperation: 'add',
  blendAlphaSrcFactor: 'one',
  blendAlphaDstFactor: 'one-minus-src-alpha',
  depthCompare: 'always',
  depthWriteEnabled: false,
  cullMode: 'none',
} as const;

/**
 * Markers drawn into a kept, transparent picture the size of the map, then laid over the map each frame.
 * The map redraws its basemap every frame (tiles arriving, labels); the markers are redrawn only when they
 * or the view change, and then a part per frame.
 */
export class MarkerPicture {
  private framebuffer: Framebuffer | null = null;
  private readonly cover: Model;

  constructor(private readonly device: Device) {
    this.cover = new Model(device, {
      id: 'machine-picture',
      vs: COVER_VS,
      fs: COPY_FS,
      topology: 'triangle-list',
      vertexCount: 3,
      parameters: LAY_OVER,
    });
  }

  /** Sizes the picture to the map's drawing buffer; true when it was made anew, and so is empty. */
  fit(width: number, height: number): boolean {
    const current = this.framebuffer;
    if (current && current.width === width && current.height === height) return false;
    current?.destroy();
    this.framebuffer = this.device.createFramebuffer({ id: 'machine-picture', width, height, colorAttachments: ['rgba8unorm'] });
    const texture = this.framebuffer.colorAttachments[0]!.texture;
    this.cover.setBindings({ picture: texture });
    return true;
  }

  /** Lets `draw` add to the picture; `fresh` empties it first. */
  drawInto(fresh: boolean, draw: (pass: RenderPass) => void): void {
    const framebuffer = this.framebuffer;
    if (!framebuffer) return;
    const pass = this.device.beginRenderPass({
      id: 'machine-picture',
      framebuffer,
      clearColor: fresh ? [0, 0, 0, 0] : false,
      clearDepth: false,
      clearStencil: false,
    });
    try {
      draw(pass);
    } finally {
      pass.end();
    }
  }

  /** Lays the picture over what `pass` holds. */
  layOver(pass: RenderPass): void {
    if (this.framebuffer) this.cover.draw(pass);
  }

  destroy(): void {
    this.cover.destroy();
    this.framebuffer?.destroy();
    this.framebuffer = null;
  }
}
