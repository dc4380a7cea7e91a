import { COORDINATE_SYSTEM, type UpdateParameters } from '@deck.gl/core';
import { IconLayer } from '@deck.gl/layers';
import { Model } from '@luma.gl/engine';
import { MAP_INITIAL_CENTER } from '../config';
import type { PackedMachines } from '../filters/packedMachines';
import { atlasStrip } from './atlasStrip';
import { ICON_FRAMES } from './iconAtlas';
import type { RowRange } from './changedRowRanges';
import { MACHINE_ICON_FS, MACHINE_ICON_VS } from './machineIconShader';
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

/** The atlas strip, checked once: every marker image is one equal cell of a single row, in display-state order. */
const STRIP = atlasStrip(ICON_FRAMES);
/** Positions are degrees from this origin, so 32-bit floats keep street-level precision. */
const ORIGIN: [number, number, number] = [...MAP_INITIAL_CENTER, 0];

/**
 * deck.gl's IconLayer drawn as a plain triangle list, six vertices per machine, instead of one instance
 * per machine. Same atlas, size and anchor rules, same fragment shader and picking (the pick index is
 * the machine's row). Why: a software WebGL renderer (SwiftShader, what Chrome falls back to without a
 * GPU) pays a fixed cost per instance, 2-3× the drawing itself (`npm run bench:instancing`).
 * Each machine is 2 floats of position and 2 bytes (atlas cell, shown) per vertex, 60 bytes in all.
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
    const defines = { ...shaders.defines, ...STRIP.defines, VERTICES_PER_ICON: String(VERTICES_PER_ICON) };
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
    fillVertexIcons(attribute.value as Uint8Array, stateCodes, STRIP.cellOf, this.props.shownMask, startRow, endRow);
  }
}
