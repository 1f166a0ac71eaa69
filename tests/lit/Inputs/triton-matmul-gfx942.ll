; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

target triple = "amdgcn-amd-amdhsa"

@global_smem = external local_unnamed_addr addrspace(3) global [0 x i8], align 16

; Function Attrs: norecurse nounwind
define amdgpu_kernel void @matmul(ptr addrspace(1) inreg nofree readonly captures(none) %0, ptr addrspace(1) inreg nofree readonly captures(none) %1, ptr addrspace(1) inreg nofree writeonly captures(none) %2, i32 inreg %3, i32 inreg %4, i32 inreg %5, ptr addrspace(1) inreg nofree readnone captures(none) %6, ptr addrspace(1) inreg nofree readnone captures(none) %7) local_unnamed_addr #0 !dbg !4 {
  %9 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !12
  %10 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %9), !dbg !13
  %11 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !14
  %12 = shl i32 %11, 6, !dbg !14
  %13 = and i32 %9, 31, !dbg !15
  %14 = and i32 %10, 128, !dbg !15
  %15 = and i32 %9, 32, !dbg !15
  %16 = and i32 %10, 64, !dbg !15
  %17 = tail call i32 @llvm.amdgcn.workgroup.id.y(), !dbg !16
  %18 = shl i32 %17, 6, !dbg !16
  %19 = icmp sgt i32 %5, 0, !dbg !17
  br i1 %19, label %.lr.ph, label %._crit_edge, !dbg !17

.lr.ph:                                           ; preds = %8
  %20 = shl i32 %4, 6, !dbg !18
  %21 = and i32 %10, 192, !dbg !12
  %22 = lshr exact i32 %21, 4, !dbg !19
  %23 = or disjoint i32 %22, 51, !dbg !19
  %24 = mul i32 %23, %4, !dbg !19
  %25 = sext i32 %24 to i64, !dbg !20
  %26 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %25, !dbg !20
  %27 = and i32 %9, 63, !dbg !15
  %28 = or disjoint i32 %18, %27, !dbg !16
  %29 = sext i32 %28 to i64, !dbg !20
  %30 = getelementptr [2 x i8], ptr addrspace(1) %26, i64 %29, !dbg !20
  %31 = or disjoint i32 %22, 50, !dbg !19
  %32 = mul i32 %31, %4, !dbg !19
  %33 = sext i32 %32 to i64, !dbg !20
  %34 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %33, !dbg !20
  %35 = getelementptr [2 x i8], ptr addrspace(1) %34, i64 %29, !dbg !20
  %36 = or disjoint i32 %22, 49, !dbg !19
  %37 = mul i32 %36, %4, !dbg !19
  %38 = sext i32 %37 to i64, !dbg !20
  %39 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %38, !dbg !20
  %40 = getelementptr [2 x i8], ptr addrspace(1) %39, i64 %29, !dbg !20
  %41 = or disjoint i32 %22, 48, !dbg !19
  %42 = mul i32 %41, %4, !dbg !19
  %43 = sext i32 %42 to i64, !dbg !20
  %44 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %43, !dbg !20
  %45 = getelementptr [2 x i8], ptr addrspace(1) %44, i64 %29, !dbg !20
  %46 = or disjoint i32 %22, 35, !dbg !19
  %47 = mul i32 %46, %4, !dbg !19
  %48 = sext i32 %47 to i64, !dbg !20
  %49 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %48, !dbg !20
  %50 = getelementptr [2 x i8], ptr addrspace(1) %49, i64 %29, !dbg !20
  %51 = or disjoint i32 %22, 34, !dbg !19
  %52 = mul i32 %51, %4, !dbg !19
  %53 = sext i32 %52 to i64, !dbg !20
  %54 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %53, !dbg !20
  %55 = getelementptr [2 x i8], ptr addrspace(1) %54, i64 %29, !dbg !20
  %56 = or disjoint i32 %22, 33, !dbg !19
  %57 = mul i32 %56, %4, !dbg !19
  %58 = sext i32 %57 to i64, !dbg !20
  %59 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %58, !dbg !20
  %60 = getelementptr [2 x i8], ptr addrspace(1) %59, i64 %29, !dbg !20
  %61 = or disjoint i32 %22, 32, !dbg !19
  %62 = mul i32 %61, %4, !dbg !19
  %63 = sext i32 %62 to i64, !dbg !20
  %64 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %63, !dbg !20
  %65 = getelementptr [2 x i8], ptr addrspace(1) %64, i64 %29, !dbg !20
  %66 = or disjoint i32 %22, 19, !dbg !19
  %67 = mul i32 %66, %4, !dbg !19
  %68 = sext i32 %67 to i64, !dbg !20
  %69 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %68, !dbg !20
  %70 = getelementptr [2 x i8], ptr addrspace(1) %69, i64 %29, !dbg !20
  %71 = or disjoint i32 %22, 18, !dbg !19
  %72 = mul i32 %71, %4, !dbg !19
  %73 = sext i32 %72 to i64, !dbg !20
  %74 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %73, !dbg !20
  %75 = getelementptr [2 x i8], ptr addrspace(1) %74, i64 %29, !dbg !20
  %76 = or disjoint i32 %22, 17, !dbg !19
  %77 = mul i32 %76, %4, !dbg !19
  %78 = sext i32 %77 to i64, !dbg !20
  %79 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %78, !dbg !20
  %80 = getelementptr [2 x i8], ptr addrspace(1) %79, i64 %29, !dbg !20
  %81 = or disjoint i32 %22, 16, !dbg !19
  %82 = mul i32 %81, %4, !dbg !19
  %83 = sext i32 %82 to i64, !dbg !20
  %84 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %83, !dbg !20
  %85 = getelementptr [2 x i8], ptr addrspace(1) %84, i64 %29, !dbg !20
  %86 = or disjoint i32 %22, 3, !dbg !19
  %87 = mul i32 %86, %4, !dbg !19
  %88 = sext i32 %87 to i64, !dbg !20
  %89 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %88, !dbg !20
  %90 = getelementptr [2 x i8], ptr addrspace(1) %89, i64 %29, !dbg !20
  %91 = or disjoint i32 %22, 2, !dbg !19
  %92 = mul i32 %91, %4, !dbg !19
  %93 = sext i32 %92 to i64, !dbg !20
  %94 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %93, !dbg !20
  %95 = getelementptr [2 x i8], ptr addrspace(1) %94, i64 %29, !dbg !20
  %96 = or disjoint i32 %22, 1, !dbg !19
  %97 = mul i32 %96, %4, !dbg !19
  %98 = sext i32 %97 to i64, !dbg !20
  %99 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %98, !dbg !20
  %100 = getelementptr [2 x i8], ptr addrspace(1) %99, i64 %29, !dbg !20
  %101 = mul i32 %22, %4, !dbg !19
  %102 = sext i32 %101 to i64, !dbg !20
  %103 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %102, !dbg !20
  %104 = getelementptr [2 x i8], ptr addrspace(1) %103, i64 %29, !dbg !20
  %105 = lshr exact i32 %21, 6, !dbg !15
  %106 = or disjoint i32 %105, %12, !dbg !14
  %107 = or disjoint i32 %106, 60, !dbg !14
  %108 = mul i32 %107, %5, !dbg !21
  %109 = sext i32 %108 to i64, !dbg !22
  %110 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %109, !dbg !22
  %111 = zext nneg i32 %27 to i64, !dbg !22
  %112 = getelementptr [2 x i8], ptr addrspace(1) %110, i64 %111, !dbg !22
  %113 = or disjoint i32 %106, 56, !dbg !14
  %114 = mul i32 %113, %5, !dbg !21
  %115 = sext i32 %114 to i64, !dbg !22
  %116 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %115, !dbg !22
  %117 = getelementptr [2 x i8], ptr addrspace(1) %116, i64 %111, !dbg !22
  %118 = or disjoint i32 %106, 52, !dbg !14
  %119 = mul i32 %118, %5, !dbg !21
  %120 = sext i32 %119 to i64, !dbg !22
  %121 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %120, !dbg !22
  %122 = getelementptr [2 x i8], ptr addrspace(1) %121, i64 %111, !dbg !22
  %123 = or disjoint i32 %106, 48, !dbg !14
  %124 = mul i32 %123, %5, !dbg !21
  %125 = sext i32 %124 to i64, !dbg !22
  %126 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %125, !dbg !22
  %127 = getelementptr [2 x i8], ptr addrspace(1) %126, i64 %111, !dbg !22
  %128 = or disjoint i32 %106, 44, !dbg !14
  %129 = mul i32 %128, %5, !dbg !21
  %130 = sext i32 %129 to i64, !dbg !22
  %131 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %130, !dbg !22
  %132 = getelementptr [2 x i8], ptr addrspace(1) %131, i64 %111, !dbg !22
  %133 = or disjoint i32 %106, 40, !dbg !14
  %134 = mul i32 %133, %5, !dbg !21
  %135 = sext i32 %134 to i64, !dbg !22
  %136 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %135, !dbg !22
  %137 = getelementptr [2 x i8], ptr addrspace(1) %136, i64 %111, !dbg !22
  %138 = or disjoint i32 %106, 36, !dbg !14
  %139 = mul i32 %138, %5, !dbg !21
  %140 = sext i32 %139 to i64, !dbg !22
  %141 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %140, !dbg !22
  %142 = getelementptr [2 x i8], ptr addrspace(1) %141, i64 %111, !dbg !22
  %143 = or disjoint i32 %106, 32, !dbg !14
  %144 = mul i32 %143, %5, !dbg !21
  %145 = sext i32 %144 to i64, !dbg !22
  %146 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %145, !dbg !22
  %147 = getelementptr [2 x i8], ptr addrspace(1) %146, i64 %111, !dbg !22
  %148 = or disjoint i32 %106, 28, !dbg !14
  %149 = mul i32 %148, %5, !dbg !21
  %150 = sext i32 %149 to i64, !dbg !22
  %151 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %150, !dbg !22
  %152 = getelementptr [2 x i8], ptr addrspace(1) %151, i64 %111, !dbg !22
  %153 = or disjoint i32 %106, 24, !dbg !14
  %154 = mul i32 %153, %5, !dbg !21
  %155 = sext i32 %154 to i64, !dbg !22
  %156 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %155, !dbg !22
  %157 = getelementptr [2 x i8], ptr addrspace(1) %156, i64 %111, !dbg !22
  %158 = or disjoint i32 %106, 20, !dbg !14
  %159 = mul i32 %158, %5, !dbg !21
  %160 = sext i32 %159 to i64, !dbg !22
  %161 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %160, !dbg !22
  %162 = getelementptr [2 x i8], ptr addrspace(1) %161, i64 %111, !dbg !22
  %163 = or disjoint i32 %106, 16, !dbg !14
  %164 = mul i32 %163, %5, !dbg !21
  %165 = sext i32 %164 to i64, !dbg !22
  %166 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %165, !dbg !22
  %167 = getelementptr [2 x i8], ptr addrspace(1) %166, i64 %111, !dbg !22
  %168 = or disjoint i32 %106, 12, !dbg !14
  %169 = mul i32 %168, %5, !dbg !21
  %170 = sext i32 %169 to i64, !dbg !22
  %171 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %170, !dbg !22
  %172 = getelementptr [2 x i8], ptr addrspace(1) %171, i64 %111, !dbg !22
  %173 = or disjoint i32 %106, 8, !dbg !14
  %174 = mul i32 %173, %5, !dbg !21
  %175 = sext i32 %174 to i64, !dbg !22
  %176 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %175, !dbg !22
  %177 = getelementptr [2 x i8], ptr addrspace(1) %176, i64 %111, !dbg !22
  %178 = or disjoint i32 %106, 4, !dbg !14
  %179 = mul i32 %178, %5, !dbg !21
  %180 = sext i32 %179 to i64, !dbg !22
  %181 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %180, !dbg !22
  %182 = getelementptr [2 x i8], ptr addrspace(1) %181, i64 %111, !dbg !22
  %183 = mul i32 %106, %5, !dbg !21
  %184 = sext i32 %183 to i64, !dbg !22
  %185 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %184, !dbg !22
  %186 = getelementptr [2 x i8], ptr addrspace(1) %185, i64 %111, !dbg !22
  %187 = or disjoint i32 %21, %27, !dbg !15
  %188 = shl nuw nsw i32 %187, 1
  %189 = lshr exact i32 %21, 3
  %190 = xor i32 %188, %189
  %191 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %190
  %192 = getelementptr inbounds nuw i8, ptr addrspace(3) %191, i32 2048
  %193 = getelementptr inbounds nuw i8, ptr addrspace(3) %191, i32 4096
  %194 = getelementptr inbounds nuw i8, ptr addrspace(3) %191, i32 6144
  %195 = xor i32 %190, 544
  %196 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %195
  %197 = getelementptr inbounds nuw i8, ptr addrspace(3) %196, i32 2048
  %198 = getelementptr inbounds nuw i8, ptr addrspace(3) %196, i32 4096
  %199 = getelementptr inbounds nuw i8, ptr addrspace(3) %196, i32 6144
  %200 = xor i32 %190, 1088
  %201 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %200
  %202 = getelementptr inbounds nuw i8, ptr addrspace(3) %201, i32 2048
  %203 = getelementptr inbounds nuw i8, ptr addrspace(3) %201, i32 4096
  %204 = getelementptr inbounds nuw i8, ptr addrspace(3) %201, i32 6144
  %205 = xor i32 %190, 1632
  %206 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %205
  %207 = getelementptr inbounds nuw i8, ptr addrspace(3) %206, i32 2048
  %208 = getelementptr inbounds nuw i8, ptr addrspace(3) %206, i32 4096
  %209 = getelementptr inbounds nuw i8, ptr addrspace(3) %206, i32 6144
  %210 = shl nuw nsw i32 %13, 7
  %211 = and i32 %9, 15
  %212 = shl nuw nsw i32 %211, 3
  %213 = lshr exact i32 %15, 2
  %214 = shl nuw nsw i32 %14, 5
  %215 = or disjoint i32 %214, %210
  %216 = xor i32 %212, %213
  %217 = or disjoint i32 %215, %216
  %218 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %217
  %219 = xor i32 %217, 16
  %220 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %219
  %221 = xor i32 %217, 32
  %222 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %221
  %223 = xor i32 %217, 48
  %224 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %223
  %225 = xor i32 %217, 64
  %226 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %225
  %227 = xor i32 %217, 80
  %228 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %227
  %229 = xor i32 %217, 96
  %230 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %229
  %231 = xor i32 %217, 112
  %232 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %231
  %233 = shl nuw nsw i32 %27, 7
  %234 = lshr i32 %9, 1
  %235 = and i32 %234, 24
  %236 = xor i32 %235, %189
  %237 = xor i32 %236, %212
  %238 = or disjoint i32 %237, %233
  %239 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %238
  %240 = xor i32 %238, 32
  %241 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %240
  %242 = xor i32 %238, 64
  %243 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %242
  %244 = xor i32 %238, 96
  %245 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %244
  %246 = shl nuw nsw i32 %211, 7
  %247 = and i32 %9, 16
  %248 = icmp eq i32 %247, 0
  %249 = select i1 %248, i32 0, i32 2056
  %250 = icmp eq i32 %16, 0
  %251 = select i1 %250, i32 0, i32 4112
  %252 = or disjoint i32 %251, %213
  %253 = xor i32 %249, %252
  %254 = xor i32 %253, %212
  %255 = or disjoint i32 %254, %246
  %256 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %255
  %257 = xor i32 %255, 16
  %258 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %257
  %259 = xor i32 %255, 32
  %260 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %259
  %261 = xor i32 %255, 48
  %262 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %261
  %263 = xor i32 %255, 64
  %264 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %263
  %265 = xor i32 %255, 80
  %266 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %265
  %267 = xor i32 %255, 96
  %268 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %267
  %269 = xor i32 %255, 112
  %270 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %269
  %271 = sext i32 %20 to i64
  br label %272, !dbg !17

272:                                              ; preds = %.lr.ph, %272
  %.pn3395 = phi ptr addrspace(1) [ %30, %.lr.ph ], [ %429, %272 ]
  %.pn3594 = phi ptr addrspace(1) [ %35, %.lr.ph ], [ %428, %272 ]
  %.pn3793 = phi ptr addrspace(1) [ %40, %.lr.ph ], [ %427, %272 ]
  %.pn3992 = phi ptr addrspace(1) [ %45, %.lr.ph ], [ %426, %272 ]
  %.pn4191 = phi ptr addrspace(1) [ %50, %.lr.ph ], [ %425, %272 ]
  %.pn4390 = phi ptr addrspace(1) [ %55, %.lr.ph ], [ %424, %272 ]
  %.pn4589 = phi ptr addrspace(1) [ %60, %.lr.ph ], [ %423, %272 ]
  %.pn4788 = phi ptr addrspace(1) [ %65, %.lr.ph ], [ %422, %272 ]
  %.pn4987 = phi ptr addrspace(1) [ %70, %.lr.ph ], [ %421, %272 ]
  %.pn5186 = phi ptr addrspace(1) [ %75, %.lr.ph ], [ %420, %272 ]
  %.pn5385 = phi ptr addrspace(1) [ %80, %.lr.ph ], [ %419, %272 ]
  %.pn5584 = phi ptr addrspace(1) [ %85, %.lr.ph ], [ %418, %272 ]
  %.pn5783 = phi ptr addrspace(1) [ %90, %.lr.ph ], [ %417, %272 ]
  %.pn5982 = phi ptr addrspace(1) [ %95, %.lr.ph ], [ %416, %272 ]
  %.pn6181 = phi ptr addrspace(1) [ %100, %.lr.ph ], [ %415, %272 ]
  %.pn6380 = phi ptr addrspace(1) [ %104, %.lr.ph ], [ %414, %272 ]
  %273 = phi float [ 0.000000e+00, %.lr.ph ], [ %382, %272 ]
  %274 = phi float [ 0.000000e+00, %.lr.ph ], [ %383, %272 ]
  %275 = phi float [ 0.000000e+00, %.lr.ph ], [ %384, %272 ]
  %276 = phi float [ 0.000000e+00, %.lr.ph ], [ %385, %272 ]
  %277 = phi float [ 0.000000e+00, %.lr.ph ], [ %386, %272 ]
  %278 = phi float [ 0.000000e+00, %.lr.ph ], [ %387, %272 ]
  %279 = phi float [ 0.000000e+00, %.lr.ph ], [ %388, %272 ]
  %280 = phi float [ 0.000000e+00, %.lr.ph ], [ %389, %272 ]
  %281 = phi float [ 0.000000e+00, %.lr.ph ], [ %390, %272 ]
  %282 = phi float [ 0.000000e+00, %.lr.ph ], [ %391, %272 ]
  %283 = phi float [ 0.000000e+00, %.lr.ph ], [ %392, %272 ]
  %284 = phi float [ 0.000000e+00, %.lr.ph ], [ %393, %272 ]
  %285 = phi float [ 0.000000e+00, %.lr.ph ], [ %394, %272 ]
  %286 = phi float [ 0.000000e+00, %.lr.ph ], [ %395, %272 ]
  %287 = phi float [ 0.000000e+00, %.lr.ph ], [ %396, %272 ]
  %288 = phi float [ 0.000000e+00, %.lr.ph ], [ %397, %272 ]
  %.pn179 = phi ptr addrspace(1) [ %112, %.lr.ph ], [ %413, %272 ]
  %.pn378 = phi ptr addrspace(1) [ %117, %.lr.ph ], [ %412, %272 ]
  %.pn577 = phi ptr addrspace(1) [ %122, %.lr.ph ], [ %411, %272 ]
  %.pn776 = phi ptr addrspace(1) [ %127, %.lr.ph ], [ %410, %272 ]
  %.pn975 = phi ptr addrspace(1) [ %132, %.lr.ph ], [ %409, %272 ]
  %.pn1174 = phi ptr addrspace(1) [ %137, %.lr.ph ], [ %408, %272 ]
  %.pn1373 = phi ptr addrspace(1) [ %142, %.lr.ph ], [ %407, %272 ]
  %.pn1572 = phi ptr addrspace(1) [ %147, %.lr.ph ], [ %406, %272 ]
  %.pn1771 = phi ptr addrspace(1) [ %152, %.lr.ph ], [ %405, %272 ]
  %.pn1970 = phi ptr addrspace(1) [ %157, %.lr.ph ], [ %404, %272 ]
  %.pn2169 = phi ptr addrspace(1) [ %162, %.lr.ph ], [ %403, %272 ]
  %.pn2368 = phi ptr addrspace(1) [ %167, %.lr.ph ], [ %402, %272 ]
  %.pn2567 = phi ptr addrspace(1) [ %172, %.lr.ph ], [ %401, %272 ]
  %.pn2766 = phi ptr addrspace(1) [ %177, %.lr.ph ], [ %400, %272 ]
  %.pn2965 = phi ptr addrspace(1) [ %182, %.lr.ph ], [ %399, %272 ]
  %.pn3164 = phi ptr addrspace(1) [ %186, %.lr.ph ], [ %398, %272 ]
  %289 = phi i32 [ 0, %.lr.ph ], [ %430, %272 ]
  %290 = load <1 x half>, ptr addrspace(1) %.pn3164, align 2, !dbg !23
  %291 = load <1 x half>, ptr addrspace(1) %.pn2965, align 2, !dbg !23
  %292 = load <1 x half>, ptr addrspace(1) %.pn2766, align 2, !dbg !23
  %293 = load <1 x half>, ptr addrspace(1) %.pn2567, align 2, !dbg !23
  %294 = load <1 x half>, ptr addrspace(1) %.pn2368, align 2, !dbg !23
  %295 = load <1 x half>, ptr addrspace(1) %.pn2169, align 2, !dbg !23
  %296 = load <1 x half>, ptr addrspace(1) %.pn1970, align 2, !dbg !23
  %297 = load <1 x half>, ptr addrspace(1) %.pn1771, align 2, !dbg !23
  %298 = load <1 x half>, ptr addrspace(1) %.pn1572, align 2, !dbg !23
  %299 = load <1 x half>, ptr addrspace(1) %.pn1373, align 2, !dbg !23
  %300 = load <1 x half>, ptr addrspace(1) %.pn1174, align 2, !dbg !23
  %301 = load <1 x half>, ptr addrspace(1) %.pn975, align 2, !dbg !23
  %302 = load <1 x half>, ptr addrspace(1) %.pn776, align 2, !dbg !23
  %303 = load <1 x half>, ptr addrspace(1) %.pn577, align 2, !dbg !23
  %304 = load <1 x half>, ptr addrspace(1) %.pn378, align 2, !dbg !23
  %305 = load <1 x half>, ptr addrspace(1) %.pn179, align 2, !dbg !23
  %306 = load <1 x half>, ptr addrspace(1) %.pn6380, align 2, !dbg !13
  %307 = load <1 x half>, ptr addrspace(1) %.pn6181, align 2, !dbg !13
  %308 = load <1 x half>, ptr addrspace(1) %.pn5982, align 2, !dbg !13
  %309 = shufflevector <1 x half> %308, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %310 = load <1 x half>, ptr addrspace(1) %.pn5783, align 2, !dbg !13
  %311 = shufflevector <1 x half> %310, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %312 = load <1 x half>, ptr addrspace(1) %.pn5584, align 2, !dbg !13
  %313 = load <1 x half>, ptr addrspace(1) %.pn5385, align 2, !dbg !13
  %314 = load <1 x half>, ptr addrspace(1) %.pn5186, align 2, !dbg !13
  %315 = shufflevector <1 x half> %314, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %316 = load <1 x half>, ptr addrspace(1) %.pn4987, align 2, !dbg !13
  %317 = shufflevector <1 x half> %316, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %318 = load <1 x half>, ptr addrspace(1) %.pn4788, align 2, !dbg !13
  %319 = load <1 x half>, ptr addrspace(1) %.pn4589, align 2, !dbg !13
  %320 = load <1 x half>, ptr addrspace(1) %.pn4390, align 2, !dbg !13
  %321 = shufflevector <1 x half> %320, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %322 = load <1 x half>, ptr addrspace(1) %.pn4191, align 2, !dbg !13
  %323 = shufflevector <1 x half> %322, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %324 = load <1 x half>, ptr addrspace(1) %.pn3992, align 2, !dbg !13
  %325 = load <1 x half>, ptr addrspace(1) %.pn3793, align 2, !dbg !13
  %326 = load <1 x half>, ptr addrspace(1) %.pn3594, align 2, !dbg !13
  %327 = shufflevector <1 x half> %326, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %328 = load <1 x half>, ptr addrspace(1) %.pn3395, align 2, !dbg !13
  %329 = shufflevector <1 x half> %328, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  fence syncscope("workgroup") release, !dbg !23, !mmra !24
  tail call void @llvm.amdgcn.s.barrier(), !dbg !23
  fence syncscope("workgroup") acquire, !dbg !23, !mmra !24
  store <1 x half> %290, ptr addrspace(3) %191, align 2, !dbg !23
  store <1 x half> %294, ptr addrspace(3) %192, align 2, !dbg !23
  store <1 x half> %298, ptr addrspace(3) %193, align 2, !dbg !23
  store <1 x half> %302, ptr addrspace(3) %194, align 2, !dbg !23
  store <1 x half> %291, ptr addrspace(3) %196, align 2, !dbg !23
  store <1 x half> %295, ptr addrspace(3) %197, align 2, !dbg !23
  store <1 x half> %299, ptr addrspace(3) %198, align 2, !dbg !23
  store <1 x half> %303, ptr addrspace(3) %199, align 2, !dbg !23
  store <1 x half> %292, ptr addrspace(3) %201, align 2, !dbg !23
  store <1 x half> %296, ptr addrspace(3) %202, align 2, !dbg !23
  store <1 x half> %300, ptr addrspace(3) %203, align 2, !dbg !23
  store <1 x half> %304, ptr addrspace(3) %204, align 2, !dbg !23
  store <1 x half> %293, ptr addrspace(3) %206, align 2, !dbg !23
  store <1 x half> %297, ptr addrspace(3) %207, align 2, !dbg !23
  store <1 x half> %301, ptr addrspace(3) %208, align 2, !dbg !23
  store <1 x half> %305, ptr addrspace(3) %209, align 2, !dbg !23
  fence syncscope("workgroup") release, !dbg !23, !mmra !24
  tail call void @llvm.amdgcn.s.barrier(), !dbg !23
  fence syncscope("workgroup") acquire, !dbg !23, !mmra !24
  %330 = load <4 x half>, ptr addrspace(3) %218, align 8, !dbg !23
  %331 = load <4 x half>, ptr addrspace(3) %220, align 8, !dbg !23
  %332 = load <4 x half>, ptr addrspace(3) %222, align 8, !dbg !23
  %333 = load <4 x half>, ptr addrspace(3) %224, align 8, !dbg !23
  %334 = load <4 x half>, ptr addrspace(3) %226, align 8, !dbg !23
  %335 = load <4 x half>, ptr addrspace(3) %228, align 8, !dbg !23
  %336 = load <4 x half>, ptr addrspace(3) %230, align 8, !dbg !23
  %337 = load <4 x half>, ptr addrspace(3) %232, align 8, !dbg !23
  fence syncscope("workgroup") release, !dbg !13, !mmra !24
  tail call void @llvm.amdgcn.s.barrier(), !dbg !13
  fence syncscope("workgroup") acquire, !dbg !13, !mmra !24
  %338 = shufflevector <1 x half> %306, <1 x half> %307, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>, !dbg !13
  %339 = shufflevector <4 x half> %338, <4 x half> %309, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>, !dbg !13
  %340 = shufflevector <4 x half> %339, <4 x half> %311, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !13
  store <4 x half> %340, ptr addrspace(3) %239, align 8, !dbg !13
  %341 = shufflevector <1 x half> %312, <1 x half> %313, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>, !dbg !13
  %342 = shufflevector <4 x half> %341, <4 x half> %315, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>, !dbg !13
  %343 = shufflevector <4 x half> %342, <4 x half> %317, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !13
  store <4 x half> %343, ptr addrspace(3) %241, align 8, !dbg !13
  %344 = shufflevector <1 x half> %318, <1 x half> %319, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>, !dbg !13
  %345 = shufflevector <4 x half> %344, <4 x half> %321, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>, !dbg !13
  %346 = shufflevector <4 x half> %345, <4 x half> %323, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !13
  store <4 x half> %346, ptr addrspace(3) %243, align 8, !dbg !13
  %347 = shufflevector <1 x half> %324, <1 x half> %325, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>, !dbg !13
  %348 = shufflevector <4 x half> %347, <4 x half> %327, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>, !dbg !13
  %349 = shufflevector <4 x half> %348, <4 x half> %329, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !13
  store <4 x half> %349, ptr addrspace(3) %245, align 8, !dbg !13
  fence syncscope("workgroup") release, !dbg !13, !mmra !24
  tail call void @llvm.amdgcn.s.barrier(), !dbg !13
  fence syncscope("workgroup") acquire, !dbg !13, !mmra !24
  %350 = load <4 x half>, ptr addrspace(3) %256, align 8, !dbg !13
  %351 = load <4 x half>, ptr addrspace(3) %258, align 8, !dbg !13
  %352 = load <4 x half>, ptr addrspace(3) %260, align 8, !dbg !13
  %353 = load <4 x half>, ptr addrspace(3) %262, align 8, !dbg !13
  %354 = load <4 x half>, ptr addrspace(3) %264, align 8, !dbg !13
  %355 = load <4 x half>, ptr addrspace(3) %266, align 8, !dbg !13
  %356 = load <4 x half>, ptr addrspace(3) %268, align 8, !dbg !13
  %357 = load <4 x half>, ptr addrspace(3) %270, align 8, !dbg !13
  %358 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %273, i64 0, !dbg !25
  %359 = insertelement <16 x float> %358, float %274, i64 1, !dbg !25
  %360 = insertelement <16 x float> %359, float %275, i64 2, !dbg !25
  %361 = insertelement <16 x float> %360, float %276, i64 3, !dbg !25
  %362 = insertelement <16 x float> %361, float %277, i64 4, !dbg !25
  %363 = insertelement <16 x float> %362, float %278, i64 5, !dbg !25
  %364 = insertelement <16 x float> %363, float %279, i64 6, !dbg !25
  %365 = insertelement <16 x float> %364, float %280, i64 7, !dbg !25
  %366 = insertelement <16 x float> %365, float %281, i64 8, !dbg !25
  %367 = insertelement <16 x float> %366, float %282, i64 9, !dbg !25
  %368 = insertelement <16 x float> %367, float %283, i64 10, !dbg !25
  %369 = insertelement <16 x float> %368, float %284, i64 11, !dbg !25
  %370 = insertelement <16 x float> %369, float %285, i64 12, !dbg !25
  %371 = insertelement <16 x float> %370, float %286, i64 13, !dbg !25
  %372 = insertelement <16 x float> %371, float %287, i64 14, !dbg !25
  %373 = insertelement <16 x float> %372, float %288, i64 15, !dbg !25
  %374 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %350, <4 x half> %330, <16 x float> %373, i32 0, i32 0, i32 0), !dbg !25
  %375 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %351, <4 x half> %331, <16 x float> %374, i32 0, i32 0, i32 0), !dbg !25
  %376 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %352, <4 x half> %332, <16 x float> %375, i32 0, i32 0, i32 0), !dbg !25
  %377 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %353, <4 x half> %333, <16 x float> %376, i32 0, i32 0, i32 0), !dbg !25
  %378 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %354, <4 x half> %334, <16 x float> %377, i32 0, i32 0, i32 0), !dbg !25
  %379 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %355, <4 x half> %335, <16 x float> %378, i32 0, i32 0, i32 0), !dbg !25
  %380 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %356, <4 x half> %336, <16 x float> %379, i32 0, i32 0, i32 0), !dbg !25
  %381 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %357, <4 x half> %337, <16 x float> %380, i32 0, i32 0, i32 0), !dbg !25
  %382 = extractelement <16 x float> %381, i64 0, !dbg !25
  %383 = extractelement <16 x float> %381, i64 1, !dbg !25
  %384 = extractelement <16 x float> %381, i64 2, !dbg !25
  %385 = extractelement <16 x float> %381, i64 3, !dbg !25
  %386 = extractelement <16 x float> %381, i64 4, !dbg !25
  %387 = extractelement <16 x float> %381, i64 5, !dbg !25
  %388 = extractelement <16 x float> %381, i64 6, !dbg !25
  %389 = extractelement <16 x float> %381, i64 7, !dbg !25
  %390 = extractelement <16 x float> %381, i64 8, !dbg !25
  %391 = extractelement <16 x float> %381, i64 9, !dbg !25
  %392 = extractelement <16 x float> %381, i64 10, !dbg !25
  %393 = extractelement <16 x float> %381, i64 11, !dbg !25
  %394 = extractelement <16 x float> %381, i64 12, !dbg !25
  %395 = extractelement <16 x float> %381, i64 13, !dbg !25
  %396 = extractelement <16 x float> %381, i64 14, !dbg !25
  %397 = extractelement <16 x float> %381, i64 15, !dbg !25
  %398 = getelementptr i8, ptr addrspace(1) %.pn3164, i64 128, !dbg !26
  %399 = getelementptr i8, ptr addrspace(1) %.pn2965, i64 128, !dbg !26
  %400 = getelementptr i8, ptr addrspace(1) %.pn2766, i64 128, !dbg !26
  %401 = getelementptr i8, ptr addrspace(1) %.pn2567, i64 128, !dbg !26
  %402 = getelementptr i8, ptr addrspace(1) %.pn2368, i64 128, !dbg !26
  %403 = getelementptr i8, ptr addrspace(1) %.pn2169, i64 128, !dbg !26
  %404 = getelementptr i8, ptr addrspace(1) %.pn1970, i64 128, !dbg !26
  %405 = getelementptr i8, ptr addrspace(1) %.pn1771, i64 128, !dbg !26
  %406 = getelementptr i8, ptr addrspace(1) %.pn1572, i64 128, !dbg !26
  %407 = getelementptr i8, ptr addrspace(1) %.pn1373, i64 128, !dbg !26
  %408 = getelementptr i8, ptr addrspace(1) %.pn1174, i64 128, !dbg !26
  %409 = getelementptr i8, ptr addrspace(1) %.pn975, i64 128, !dbg !26
  %410 = getelementptr i8, ptr addrspace(1) %.pn776, i64 128, !dbg !26
  %411 = getelementptr i8, ptr addrspace(1) %.pn577, i64 128, !dbg !26
  %412 = getelementptr i8, ptr addrspace(1) %.pn378, i64 128, !dbg !26
  %413 = getelementptr i8, ptr addrspace(1) %.pn179, i64 128, !dbg !26
  %414 = getelementptr [2 x i8], ptr addrspace(1) %.pn6380, i64 %271, !dbg !27
  %415 = getelementptr [2 x i8], ptr addrspace(1) %.pn6181, i64 %271, !dbg !27
  %416 = getelementptr [2 x i8], ptr addrspace(1) %.pn5982, i64 %271, !dbg !27
  %417 = getelementptr [2 x i8], ptr addrspace(1) %.pn5783, i64 %271, !dbg !27
  %418 = getelementptr [2 x i8], ptr addrspace(1) %.pn5584, i64 %271, !dbg !27
  %419 = getelementptr [2 x i8], ptr addrspace(1) %.pn5385, i64 %271, !dbg !27
  %420 = getelementptr [2 x i8], ptr addrspace(1) %.pn5186, i64 %271, !dbg !27
  %421 = getelementptr [2 x i8], ptr addrspace(1) %.pn4987, i64 %271, !dbg !27
  %422 = getelementptr [2 x i8], ptr addrspace(1) %.pn4788, i64 %271, !dbg !27
  %423 = getelementptr [2 x i8], ptr addrspace(1) %.pn4589, i64 %271, !dbg !27
  %424 = getelementptr [2 x i8], ptr addrspace(1) %.pn4390, i64 %271, !dbg !27
  %425 = getelementptr [2 x i8], ptr addrspace(1) %.pn4191, i64 %271, !dbg !27
  %426 = getelementptr [2 x i8], ptr addrspace(1) %.pn3992, i64 %271, !dbg !27
  %427 = getelementptr [2 x i8], ptr addrspace(1) %.pn3793, i64 %271, !dbg !27
  %428 = getelementptr [2 x i8], ptr addrspace(1) %.pn3594, i64 %271, !dbg !27
  %429 = getelementptr [2 x i8], ptr addrspace(1) %.pn3395, i64 %271, !dbg !27
  %430 = add i32 %289, 64, !dbg !17
  %431 = icmp slt i32 %430, %5, !dbg !17
  br i1 %431, label %272, label %._crit_edge.loopexit, !dbg !17

._crit_edge.loopexit:                             ; preds = %272
  %432 = fptrunc float %382 to half, !dbg !28
  %433 = fptrunc float %383 to half, !dbg !28
  %434 = fptrunc float %384 to half, !dbg !28
  %435 = fptrunc float %385 to half, !dbg !28
  %436 = fptrunc float %386 to half, !dbg !28
  %437 = fptrunc float %387 to half, !dbg !28
  %438 = fptrunc float %388 to half, !dbg !28
  %439 = fptrunc float %389 to half, !dbg !28
  %440 = fptrunc float %390 to half, !dbg !28
  %441 = fptrunc float %391 to half, !dbg !28
  %442 = fptrunc float %392 to half, !dbg !28
  %443 = fptrunc float %393 to half, !dbg !28
  %444 = fptrunc float %394 to half, !dbg !28
  %445 = fptrunc float %395 to half, !dbg !28
  %446 = fptrunc float %396 to half, !dbg !28
  %447 = fptrunc float %397 to half, !dbg !28
  br label %._crit_edge, !dbg !15

._crit_edge:                                      ; preds = %._crit_edge.loopexit, %8
  %448 = phi half [ 0.000000e+00, %8 ], [ %432, %._crit_edge.loopexit ], !dbg !29
  %449 = phi half [ 0.000000e+00, %8 ], [ %433, %._crit_edge.loopexit ], !dbg !29
  %450 = phi half [ 0.000000e+00, %8 ], [ %434, %._crit_edge.loopexit ], !dbg !29
  %451 = phi half [ 0.000000e+00, %8 ], [ %435, %._crit_edge.loopexit ], !dbg !29
  %452 = phi half [ 0.000000e+00, %8 ], [ %436, %._crit_edge.loopexit ], !dbg !29
  %453 = phi half [ 0.000000e+00, %8 ], [ %437, %._crit_edge.loopexit ], !dbg !29
  %454 = phi half [ 0.000000e+00, %8 ], [ %438, %._crit_edge.loopexit ], !dbg !29
  %455 = phi half [ 0.000000e+00, %8 ], [ %439, %._crit_edge.loopexit ], !dbg !29
  %456 = phi half [ 0.000000e+00, %8 ], [ %440, %._crit_edge.loopexit ], !dbg !29
  %457 = phi half [ 0.000000e+00, %8 ], [ %441, %._crit_edge.loopexit ], !dbg !29
  %458 = phi half [ 0.000000e+00, %8 ], [ %442, %._crit_edge.loopexit ], !dbg !29
  %459 = phi half [ 0.000000e+00, %8 ], [ %443, %._crit_edge.loopexit ], !dbg !29
  %460 = phi half [ 0.000000e+00, %8 ], [ %444, %._crit_edge.loopexit ], !dbg !29
  %461 = phi half [ 0.000000e+00, %8 ], [ %445, %._crit_edge.loopexit ], !dbg !29
  %462 = phi half [ 0.000000e+00, %8 ], [ %446, %._crit_edge.loopexit ], !dbg !29
  %463 = phi half [ 0.000000e+00, %8 ], [ %447, %._crit_edge.loopexit ], !dbg !29
  %464 = lshr exact i32 %15, 3, !dbg !15
  %465 = lshr exact i32 %16, 1, !dbg !15
  %466 = or disjoint i32 %465, %464, !dbg !15
  %467 = or disjoint i32 %18, %466, !dbg !16
  %468 = lshr exact i32 %14, 2, !dbg !15
  %469 = or disjoint i32 %13, %468, !dbg !15
  %470 = or disjoint i32 %469, %12, !dbg !14
  %471 = mul i32 %470, %4, !dbg !30
  %472 = sext i32 %471 to i64, !dbg !31
  %473 = getelementptr [2 x i8], ptr addrspace(1) %2, i64 %472, !dbg !31
  %474 = sext i32 %467 to i64, !dbg !31
  %475 = getelementptr [2 x i8], ptr addrspace(1) %473, i64 %474, !dbg !31
  %476 = getelementptr i8, ptr addrspace(1) %475, i64 2, !dbg !31
  %477 = getelementptr i8, ptr addrspace(1) %475, i64 4, !dbg !31
  %478 = getelementptr i8, ptr addrspace(1) %475, i64 6, !dbg !31
  %479 = getelementptr i8, ptr addrspace(1) %475, i64 16, !dbg !31
  %480 = getelementptr i8, ptr addrspace(1) %475, i64 18, !dbg !31
  %481 = getelementptr i8, ptr addrspace(1) %475, i64 20, !dbg !31
  %482 = getelementptr i8, ptr addrspace(1) %475, i64 22, !dbg !31
  %483 = getelementptr i8, ptr addrspace(1) %475, i64 32, !dbg !31
  %484 = getelementptr i8, ptr addrspace(1) %475, i64 34, !dbg !31
  %485 = getelementptr i8, ptr addrspace(1) %475, i64 36, !dbg !31
  %486 = getelementptr i8, ptr addrspace(1) %475, i64 38, !dbg !31
  %487 = getelementptr i8, ptr addrspace(1) %475, i64 48, !dbg !31
  %488 = getelementptr i8, ptr addrspace(1) %475, i64 50, !dbg !31
  %489 = getelementptr i8, ptr addrspace(1) %475, i64 52, !dbg !31
  %490 = getelementptr i8, ptr addrspace(1) %475, i64 54, !dbg !31
  %491 = insertelement <1 x half> poison, half %448, i64 0, !dbg !12
  store <1 x half> %491, ptr addrspace(1) %475, align 2, !dbg !12
  %492 = insertelement <1 x half> poison, half %449, i64 0, !dbg !12
  store <1 x half> %492, ptr addrspace(1) %476, align 2, !dbg !12
  %493 = insertelement <1 x half> poison, half %450, i64 0, !dbg !12
  store <1 x half> %493, ptr addrspace(1) %477, align 2, !dbg !12
  %494 = insertelement <1 x half> poison, half %451, i64 0, !dbg !12
  store <1 x half> %494, ptr addrspace(1) %478, align 2, !dbg !12
  %495 = insertelement <1 x half> poison, half %452, i64 0, !dbg !12
  store <1 x half> %495, ptr addrspace(1) %479, align 2, !dbg !12
  %496 = insertelement <1 x half> poison, half %453, i64 0, !dbg !12
  store <1 x half> %496, ptr addrspace(1) %480, align 2, !dbg !12
  %497 = insertelement <1 x half> poison, half %454, i64 0, !dbg !12
  store <1 x half> %497, ptr addrspace(1) %481, align 2, !dbg !12
  %498 = insertelement <1 x half> poison, half %455, i64 0, !dbg !12
  store <1 x half> %498, ptr addrspace(1) %482, align 2, !dbg !12
  %499 = insertelement <1 x half> poison, half %456, i64 0, !dbg !12
  store <1 x half> %499, ptr addrspace(1) %483, align 2, !dbg !12
  %500 = insertelement <1 x half> poison, half %457, i64 0, !dbg !12
  store <1 x half> %500, ptr addrspace(1) %484, align 2, !dbg !12
  %501 = insertelement <1 x half> poison, half %458, i64 0, !dbg !12
  store <1 x half> %501, ptr addrspace(1) %485, align 2, !dbg !12
  %502 = insertelement <1 x half> poison, half %459, i64 0, !dbg !12
  store <1 x half> %502, ptr addrspace(1) %486, align 2, !dbg !12
  %503 = insertelement <1 x half> poison, half %460, i64 0, !dbg !12
  store <1 x half> %503, ptr addrspace(1) %487, align 2, !dbg !12
  %504 = insertelement <1 x half> poison, half %461, i64 0, !dbg !12
  store <1 x half> %504, ptr addrspace(1) %488, align 2, !dbg !12
  %505 = insertelement <1 x half> poison, half %462, i64 0, !dbg !12
  store <1 x half> %505, ptr addrspace(1) %489, align 2, !dbg !12
  %506 = insertelement <1 x half> poison, half %463, i64 0, !dbg !12
  store <1 x half> %506, ptr addrspace(1) %490, align 2, !dbg !12
  ret void, !dbg !32
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.y() #1

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #3

; Function Attrs: convergent mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half>, <4 x half>, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #4

attributes #0 = { norecurse nounwind "amdgpu-agpr-alloc"="0" "amdgpu-cluster-dims"="1,1,1" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-no-wwm" "denormal-fp-math-f32"="ieee" "uniform-work-group-size" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }
attributes #3 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #4 = { convergent mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "triton_kernels.py", directory: "/work/main/scripts")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!4 = distinct !DISubprogram(name: "matmul", linkageName: "matmul", scope: !1, file: !1, line: 27, type: !5, scopeLine: 27, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{null, !7, !7, !7, !9, !9, !9, !10, !10}
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !8, size: 64, dwarfAddressSpace: 1)
!8 = !DIBasicType(name: "half", size: 16, encoding: DW_ATE_float)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !11, size: 64, dwarfAddressSpace: 1)
!11 = !DIBasicType(name: "unknown_type", encoding: DW_ATE_signed)
!12 = !DILocation(line: 38, column: 5, scope: !4)
!13 = !DILocation(line: 35, column: 35, scope: !4)
!14 = !DILocation(line: 28, column: 10, scope: !4)
!15 = !DILocation(line: 28, column: 34, scope: !4)
!16 = !DILocation(line: 29, column: 10, scope: !4)
!17 = !DILocation(line: 34, column: 5, scope: !4)
!18 = !DILocation(line: 37, column: 14, scope: !4)
!19 = !DILocation(line: 32, column: 17, scope: !4)
!20 = !DILocation(line: 32, column: 9, scope: !4)
!21 = !DILocation(line: 31, column: 17, scope: !4)
!22 = !DILocation(line: 31, column: 9, scope: !4)
!23 = !DILocation(line: 35, column: 23, scope: !4)
!24 = !{!"amdgpu-synchronize-as", !"local"}
!25 = !DILocation(line: 35, column: 16, scope: !4)
!26 = !DILocation(line: 36, column: 9, scope: !4)
!27 = !DILocation(line: 37, column: 9, scope: !4)
!28 = !DILocation(line: 38, column: 53, scope: !4)
!29 = !DILocation(line: 33, column: 11, scope: !4)
!30 = !DILocation(line: 38, column: 22, scope: !4)
!31 = !DILocation(line: 38, column: 14, scope: !4)
!32 = !DILocation(line: 27, column: 1, scope: !4)
