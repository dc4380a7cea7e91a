import { COORDINATE_SYSTEM, type UpdateParameters, type Viewport } from '@deck.gl/core';
import { IconLayer } from '@deck.gl/layers';
import type { RenderPass } from '@luma.gl/core';
import { Model } from '@luma.gl/engine';
import {
  MAP_INITIAL_CENTER,
  PROGRESSIVE_FIRST_MACHINES,
  PROGRESSIVE_MIN_MACHINES,
  PROGRESSIVE_MIN_STEP_MACHINES,
  PROGRESSIVE_SHOW_EVERY_MS,
  PROGRESSIVE_STEP_TARGET_MS,
} from '../config';
import type { PackedMachines } from '../machines/packedMachines';
import { ICON_STRIP } from './iconAtlas';
import type { RowRange } from './changedRowRanges';
import { MACHINE_ICON_FS, MACHINE_ICON_VS } from './machineIconShader';
import { GpuPacedLoop } from './gpuPacedLoop';
import { MarkerPicture } from './markerPicture';
import { ProgressivePlan } from './progressivePlan';
import { fillVertexIcons, fillVertexPositions, VERTICES_PER_ICON, vertexStartsFor } from './machineVertices';

/** The machines the layer draws: their packed columns; `length` is the machine count. */
export interface MachineIconData {
  length: number;
  packed: PackedMachines;
}

interface MachineIconProps {
  /** 1 for a machine shown by the filters, 0 for a hidden one (drawn as nothing). */
  shownMask: Float32Array;
}

type DrawOptions = Parameters<IconLayer['draw']>[0];

/** What the layer keeps between frames when it draws its markers a part at a time. */
interface ProgressiveState {
  picture: MarkerPicture;
  plan: ProgressivePlan;
  loop: GpuPacedLoop;
  /** The latest instance of the layer (deck.gl makes one per set of props and hands the state on). */
  layer: MachineIconLayer;
  /** The view the picture was begun in. */
  viewport: Viewport | null;
  /** The markers changed since the picture was begun. */
  stale: boolean;
  /** When a map frame last showed the picture (performance.now()). */
  shownAt: number;
}

/** What the layer keeps between frames when it draws every marker in the map's frame. */
interface DirectDrawState {
  /** The last frame's draw was skipped (the shaders were still linking). */
  skipped?: boolean;
}

/**
 * Whether the model's last draw was skipped because its shader program is still being linked. luma.gl links in
 * parallel where the browser can (KHR_parallel_shader_compile) and skips every draw until the link is done, so
 * the first frames after the layer is made may draw nothing.
 */
function stillLinking(model: Model): boolean {
  return model.pipeline.linkStatus === 'pending';
}

/** Positions are degrees from this origin, so 32-bit floats keep street-level precision. */
const ORIGIN: [number, number, number] = [...MAP_INITIAL_CENTER, 0];

/**
 * deck.gl's IconLayer drawn as a plain triangle list, six vertices per machine, instead of one instance
 * per machine. Same atlas, size and anchor rules and fragment shader, without picking (the page hit-tests
 * markers on the CPU, `markerAt`). Why: a software WebGL renderer (SwiftShader, what Chrome falls back to without a
 * GPU) pays a fixed cost per instance, 2-3× the drawing itself (`npm run bench:instancing`).
 * Each machine is 2 floats of position and 2 bytes (atlas cell, shown) per vertex, 60 bytes in all.
 * From PROGRESSIVE_MIN_MACHINES machines the markers go into a kept picture a part at a time (see drawInFrame).
 */
export class MachineIconLayer extends IconLayer<null, MachineIconProps> {
  static override layerName = 'MachineIconLayer';
  static override defaultProps = {
    ...IconLayer.defaultProps,
    shownMask: { type: 'object' as const, value: new Float32Array(0), compare: false },
    coordinateSystem: COORDINATE_SYSTEM.LNGLAT_OFFSETS,
    coordinateOrigin: ORIGIN,
  };

  /** The layer's `data` is not a list of objects but one object of columns. */
  private get machines(): MachineIconData {
    return this.props.data as unknown as MachineIconData;
  }

  override getShaders() {
    const shaders = super.getShaders();
    const defines = { ...shaders.defines, ...ICON_STRIP.defines, VERTICES_PER_ICON: String(VERTICES_PER_ICON) };
    return { ...shaders, vs: MACHINE_ICON_VS, fs: MACHINE_ICON_FS, defines };
  }

  override initializeState() {
    super.initializeState();
    const attributes = this.getAttributeManager()!;
    attributes.remove(Object.keys(attributes.getAttributes()));
    attributes.add({
      machinePositions: { size: 2, type: 'float32', update: this.fillPositions },
      machineIcons: { size: 2, type: 'uint8', accessor: ['getIcon', 'shownMask'], update: this.fillIcons },
    });
  }

  override updateState(params: UpdateParameters<this>) {
    super.updateState(params);
    const { props, oldProps, changeFlags } = params;
    if (changeFlags.dataChanged) {
      const { length } = this.machines;
      this.setState({ numInstances: length * VERTICES_PER_ICON, startIndices: vertexStartsFor(length) });
    }
    // The model is made anew when extensions change (in IconLayer.updateState); the count is set on it here, not per frame.
    if (changeFlags.dataChanged || changeFlags.extensionsChanged) this.state.model?.setVertexCount(this.getNumInstances());
    if (props.shownMask !== oldProps.shownMask) this.getAttributeManager()!.invalidate('shownMask');
    const progressive = this.progressive;
    if (progressive) progressive.stale = true;
  }

  override finalizeState(context: Parameters<IconLayer['finalizeState']>[0]) {
    super.finalizeState(context);
    const progressive = this.progressive;
    progressive?.loop.stop();
    progressive?.picture.destroy();
  }

  /**
   * Whether the last frame showed every marker: a picture drawn a part at a time may not be complete yet, and a
   * direct draw is skipped while the shaders are still linking.
   */
  get drawComplete(): boolean {
    if (!this.drawsProgressively()) return !(this.state as DirectDrawState).skipped;
    const progressive = this.progressive;
    return Boolean(progressive && !progressive.stale && progressive.plan.complete);
  }

  override draw(opts: DrawOptions) {
    const model = this.state.model;
    if (!model) return;
    if (!this.drawsProgressively()) {
      // Only a part drawn into the picture moves the model's range; a direct draw takes every vertex.
      const all = this.getNumInstances();
      if (model.firstVertex !== 0 || model.vertexCount !== all) {
        model.setDrawOffsets({ firstVertex: 0, firstIndex: 0 });
        model.setVertexCount(all);
      }
      super.draw(opts);
      const skipped = stillLinking(model);
      (this.state as DirectDrawState).skipped = skipped;
      // deck.gl asks the map for another frame; by then the link is done.
      if (skipped) this.setNeedsRedraw();
      return;
    }
    this.drawInFrame(model);
  }

  private get progressive(): ProgressiveState | undefined {
    return (this.state as { progressive?: ProgressiveState }).progressive;
  }

  private drawsProgressively(): boolean {
    return this.machines.length >= PROGRESSIVE_MIN_MACHINES;
  }

  /**
   * In the map's frame: begins the kept picture again when the view or the markers changed (drawing its first
   * part now, so the frame is not bare), and lays the picture over the map. The rest is drawn between frames.
   */
  private drawInFrame(model: Model) {
    const progressive = this.progressive ?? this.startProgressive();
    const { picture, plan } = progressive;
    const { gl, viewport } = this.context;
    progressive.layer = this;
    const resized = picture.fit(gl.drawingBufferWidth, gl.drawingBufferHeight);
    if (resized || progressive.stale || !progressive.viewport || !viewport.equals(progressive.viewport)) {
      plan.restart(this.machines.length);
      progressive.viewport = viewport;
      progressive.stale = false;
    }
    if (plan.startsPicture) this.drawNextRows(model, progressive);
    picture.layOver(this.context.renderPass);
    progressive.shownAt = performance.now();
    if (!plan.complete) progressive.loop.start();
  }

  /** Between the map's frames: the next part of the picture; shown by a map frame now and then, and when complete. */
  private drawBetweenFrames(): boolean {
    const progressive = this.progressive;
    const model = this.state.model;
    // The model keeps the view and parameters the last map frame set on it: nothing else draws with it.
    if (!progressive?.viewport || !model || progressive.stale || progressive.plan.complete) return false;
    this.drawNextRows(model, progressive);
    const complete = progressive.plan.complete;
    if (complete || performance.now() - progressive.shownAt >= PROGRESSIVE_SHOW_EVERY_MS) this.setNeedsRedraw();
    return !complete;
  }

  /** Adds the plan's next rows to the picture; nothing until the atlas has loaded. */
  private drawNextRows(model: Model, { picture, plan }: ProgressiveState) {
    if (!this.state.iconManager.getTexture()) return;
    const fresh = plan.startsPicture;
    const rows = plan.nextRows(performance.now());
    if (!rows) return;
    model.setDrawOffsets({ firstVertex: rows.startRow * VERTICES_PER_ICON, firstIndex: 0 });
    model.setVertexCount((rows.endRow - rows.startRow) * VERTICES_PER_ICON);
    picture.drawInto(fresh, (pass) => this.drawModelInto(pass, model));
    // Counted as drawn, skipped parts would leave a picture called complete with markers missing from it.
    if (stillLinking(model)) plan.retract(rows);
  }

  private startProgressive(): ProgressiveState {
    const progressive: ProgressiveState = {
      picture: new MarkerPicture(this.context.device),
      plan: new ProgressivePlan({
        firstRows: PROGRESSIVE_FIRST_MACHINES,
        minRows: PROGRESSIVE_MIN_STEP_MACHINES,
        targetFrameMs: PROGRESSIVE_STEP_TARGET_MS,
      }),
      // The layer instance changes with every new set of props; the loop draws with the latest one.
      loop: new GpuPacedLoop(this.context.gl, () => progressive.layer.drawBetweenFrames()),
      layer: this,
      viewport: null,
      stale: true,
      shownAt: 0,
    };
    this.setState({ progressive });
    return progressive;
  }

  /** IconLayer draws its model into the layer's current pass: here, into the picture's. */
  private drawModelInto(pass: RenderPass, model: Model) {
    const outer = this.context.renderPass;
    this.context.renderPass = pass;
    try {
      this._drawModel(model);
    } finally {
      this.context.renderPass = outer;
    }
  }

  protected override _getModel(id = this.props.id): Model {
    return new Model(this.context.device, {
      ...this.getShaders(),
      id,
      bufferLayout: this.getAttributeManager()!.getBufferLayouts(),
      topology: 'triangle-list',
      vertexCount: 0,
      isInstanced: false,
    });
  }

  private fillPositions(attribute: { value: unknown }, { startRow, endRow }: RowRange) {
    fillVertexPositions(attribute.value as Float32Array, this.machines.packed.positions, ORIGIN, startRow, endRow);
  }

  private fillIcons(attribute: { value: unknown }, { startRow, endRow }: RowRange) {
    const { stateCodes } = this.machines.packed;
    fillVertexIcons(attribute.value as Uint8Array, stateCodes, ICON_STRIP.cellOf, this.props.shownMask, startRow, endRow);
  }
}
