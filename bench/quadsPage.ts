// The page of the instancing probe: plain WebGL2, N textured 24 px quads at seeded places, drawn one
// instance per quad or as a triangle list. Plain JavaScript text, set as the page's script.
export const QUADS_PAGE = `<!doctype html>
<html><body style="margin:0"><canvas width="1280" height="800"></canvas><script>
const gl = document.querySelector('canvas').getContext('webgl2', { antialias: false });
function program(vs, fs) {
  const p = gl.createProgram();
  for (const [type, source] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs]]) {
    const shader = gl.createShader(type);
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(shader));
    gl.attachShader(p, shader);
  }
  gl.linkProgram(p);
  return p;
}
const VS = '#version 300 es\\nin vec2 center; in vec2 corner; out vec2 uv;\\n' +
  'void main() { uv = corner * 0.5 + 0.5; gl_Position = vec4(center + corner * vec2(12.0 / 640.0, 12.0 / 400.0), 0.0, 1.0); }';
const FS = '#version 300 es\\nprecision highp float; in vec2 uv; uniform sampler2D atlas; out vec4 color;\\n' +
  'void main() { color = texture(atlas, vec2(uv.x * 0.25, uv.y)); if (color.a < 0.05) discard; }';

function buffer(data) {
  const b = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, b);
  gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
  return b;
}
function attribute(location, data, divisor) {
  buffer(data);
  gl.enableVertexAttribArray(location);
  gl.vertexAttribPointer(location, 2, gl.FLOAT, false, 0, 0);
  gl.vertexAttribDivisor(location, divisor);
}

window.setUp = (n) => {
  const p = program(VS, FS);
  gl.useProgram(p);
  const W = 192, H = 48, pixels = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const dx = (x % 48) - 24, dy = y - 24, i = (y * W + x) * 4;
    pixels.set([60, 160, 50, dx * dx + dy * dy < 400 ? 255 : 0], i);
  }
  gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, W, H, 0, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  let seed = 1;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const centers = new Float32Array(n * 2).map(() => random() * 1.2 - 0.6);
  const center = gl.getAttribLocation(p, 'center'), corner = gl.getAttribLocation(p, 'corner');

  const instanced = gl.createVertexArray();
  gl.bindVertexArray(instanced);
  attribute(corner, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), 0);
  attribute(center, centers, 1);

  const SIX = [-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1];
  const corners6 = new Float32Array(n * 12), centers6 = new Float32Array(n * 12);
  for (let i = 0; i < n; i++) for (let v = 0; v < 12; v += 2) {
    corners6.set([SIX[v], SIX[v + 1]], i * 12 + v);
    centers6.set([centers[i * 2], centers[i * 2 + 1]], i * 12 + v);
  }
  const triangles = gl.createVertexArray();
  gl.bindVertexArray(triangles);
  attribute(corner, corners6, 0);
  attribute(center, centers6, 0);

  gl.enable(gl.BLEND);
  gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
  const draw = {
    instanced: () => { gl.bindVertexArray(instanced); gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, n); },
    triangles: () => { gl.bindVertexArray(triangles); gl.drawArrays(gl.TRIANGLES, 0, 6 * n); },
  };
  const one = new Uint8Array(4);
  // Median ms of frames drawn and read back (readPixels waits for the drawing).
  window.frameMs = (way, frames) => {
    const times = [];
    for (let f = 0; f < frames; f++) {
      const start = performance.now();
      gl.clearColor(0.95, 0.94, 0.92, 1);
      gl.clear(gl.COLOR_BUFFER_BIT);
      draw[way]();
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, one);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  };
};
</script></body></html>`;
