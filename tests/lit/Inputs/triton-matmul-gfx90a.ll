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
  %22 = lshr exact i32 %21, 6, !dbg !15
  %23 = or disjoint i32 %22, 60, !dbg !15
  %24 = mul i32 %23, %4, !dbg !19
  %25 = sext i32 %24 to i64, !dbg !20
  %26 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %25, !dbg !20
  %27 = and i32 %9, 63, !dbg !15
  %28 = or disjoint i32 %18, %27, !dbg !16
  %29 = sext i32 %28 to i64, !dbg !20
  %30 = getelementptr [2 x i8], ptr addrspace(1) %26, i64 %29, !dbg !20
  %31 = or disjoint i32 %22, 56, !dbg !15
  %32 = mul i32 %31, %4, !dbg !19
  %33 = sext i32 %32 to i64, !dbg !20
  %34 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %33, !dbg !20
  %35 = getelementptr [2 x i8], ptr addrspace(1) %34, i64 %29, !dbg !20
  %36 = or disjoint i32 %22, 52, !dbg !15
  %37 = mul i32 %36, %4, !dbg !19
  %38 = sext i32 %37 to i64, !dbg !20
  %39 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %38, !dbg !20
  %40 = getelementptr [2 x i8], ptr addrspace(1) %39, i64 %29, !dbg !20
  %41 = or disjoint i32 %22, 48, !dbg !15
  %42 = mul i32 %41, %4, !dbg !19
  %43 = sext i32 %42 to i64, !dbg !20
  %44 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %43, !dbg !20
  %45 = getelementptr [2 x i8], ptr addrspace(1) %44, i64 %29, !dbg !20
  %46 = or disjoint i32 %22, 44, !dbg !15
  %47 = mul i32 %46, %4, !dbg !19
  %48 = sext i32 %47 to i64, !dbg !20
  %49 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %48, !dbg !20
  %50 = getelementptr [2 x i8], ptr addrspace(1) %49, i64 %29, !dbg !20
  %51 = or disjoint i32 %22, 40, !dbg !15
  %52 = mul i32 %51, %4, !dbg !19
  %53 = sext i32 %52 to i64, !dbg !20
  %54 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %53, !dbg !20
  %55 = getelementptr [2 x i8], ptr addrspace(1) %54, i64 %29, !dbg !20
  %56 = or disjoint i32 %22, 36, !dbg !15
  %57 = mul i32 %56, %4, !dbg !19
  %58 = sext i32 %57 to i64, !dbg !20
  %59 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %58, !dbg !20
  %60 = getelementptr [2 x i8], ptr addrspace(1) %59, i64 %29, !dbg !20
  %61 = or disjoint i32 %22, 32, !dbg !15
  %62 = mul i32 %61, %4, !dbg !19
  %63 = sext i32 %62 to i64, !dbg !20
  %64 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %63, !dbg !20
  %65 = getelementptr [2 x i8], ptr addrspace(1) %64, i64 %29, !dbg !20
  %66 = or disjoint i32 %22, 28, !dbg !15
  %67 = mul i32 %66, %4, !dbg !19
  %68 = sext i32 %67 to i64, !dbg !20
  %69 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %68, !dbg !20
  %70 = getelementptr [2 x i8], ptr addrspace(1) %69, i64 %29, !dbg !20
  %71 = or disjoint i32 %22, 24, !dbg !15
  %72 = mul i32 %71, %4, !dbg !19
  %73 = sext i32 %72 to i64, !dbg !20
  %74 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %73, !dbg !20
  %75 = getelementptr [2 x i8], ptr addrspace(1) %74, i64 %29, !dbg !20
  %76 = or disjoint i32 %22, 20, !dbg !15
  %77 = mul i32 %76, %4, !dbg !19
  %78 = sext i32 %77 to i64, !dbg !20
  %79 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %78, !dbg !20
  %80 = getelementptr [2 x i8], ptr addrspace(1) %79, i64 %29, !dbg !20
  %81 = or disjoint i32 %22, 16, !dbg !15
  %82 = mul i32 %81, %4, !dbg !19
  %83 = sext i32 %82 to i64, !dbg !20
  %84 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %83, !dbg !20
  %85 = getelementptr [2 x i8], ptr addrspace(1) %84, i64 %29, !dbg !20
  %86 = or disjoint i32 %22, 12, !dbg !15
  %87 = mul i32 %86, %4, !dbg !19
  %88 = sext i32 %87 to i64, !dbg !20
  %89 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %88, !dbg !20
  %90 = getelementptr [2 x i8], ptr addrspace(1) %89, i64 %29, !dbg !20
  %91 = or disjoint i32 %22, 8, !dbg !15
  %92 = mul i32 %91, %4, !dbg !19
  %93 = sext i32 %92 to i64, !dbg !20
  %94 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %93, !dbg !20
  %95 = getelementptr [2 x i8], ptr addrspace(1) %94, i64 %29, !dbg !20
  %96 = or disjoint i32 %22, 4, !dbg !15
  %97 = mul i32 %96, %4, !dbg !19
  %98 = sext i32 %97 to i64, !dbg !20
  %99 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %98, !dbg !20
  %100 = getelementptr [2 x i8], ptr addrspace(1) %99, i64 %29, !dbg !20
  %101 = mul i32 %22, %4, !dbg !19
  %102 = sext i32 %101 to i64, !dbg !20
  %103 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %102, !dbg !20
  %104 = getelementptr [2 x i8], ptr addrspace(1) %103, i64 %29, !dbg !20
  %105 = or disjoint i32 %23, %12, !dbg !14
  %106 = mul i32 %105, %5, !dbg !21
  %107 = sext i32 %106 to i64, !dbg !22
  %108 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %107, !dbg !22
  %109 = zext nneg i32 %27 to i64, !dbg !22
  %110 = getelementptr [2 x i8], ptr addrspace(1) %108, i64 %109, !dbg !22
  %111 = or disjoint i32 %31, %12, !dbg !14
  %112 = mul i32 %111, %5, !dbg !21
  %113 = sext i32 %112 to i64, !dbg !22
  %114 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %113, !dbg !22
  %115 = getelementptr [2 x i8], ptr addrspace(1) %114, i64 %109, !dbg !22
  %116 = or disjoint i32 %36, %12, !dbg !14
  %117 = mul i32 %116, %5, !dbg !21
  %118 = sext i32 %117 to i64, !dbg !22
  %119 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %118, !dbg !22
  %120 = getelementptr [2 x i8], ptr addrspace(1) %119, i64 %109, !dbg !22
  %121 = or disjoint i32 %41, %12, !dbg !14
  %122 = mul i32 %121, %5, !dbg !21
  %123 = sext i32 %122 to i64, !dbg !22
  %124 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %123, !dbg !22
  %125 = getelementptr [2 x i8], ptr addrspace(1) %124, i64 %109, !dbg !22
  %126 = or disjoint i32 %46, %12, !dbg !14
  %127 = mul i32 %126, %5, !dbg !21
  %128 = sext i32 %127 to i64, !dbg !22
  %129 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %128, !dbg !22
  %130 = getelementptr [2 x i8], ptr addrspace(1) %129, i64 %109, !dbg !22
  %131 = or disjoint i32 %51, %12, !dbg !14
  %132 = mul i32 %131, %5, !dbg !21
  %133 = sext i32 %132 to i64, !dbg !22
  %134 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %133, !dbg !22
  %135 = getelementptr [2 x i8], ptr addrspace(1) %134, i64 %109, !dbg !22
  %136 = or disjoint i32 %56, %12, !dbg !14
  %137 = mul i32 %136, %5, !dbg !21
  %138 = sext i32 %137 to i64, !dbg !22
  %139 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %138, !dbg !22
  %140 = getelementptr [2 x i8], ptr addrspace(1) %139, i64 %109, !dbg !22
  %141 = or disjoint i32 %61, %12, !dbg !14
  %142 = mul i32 %141, %5, !dbg !21
  %143 = sext i32 %142 to i64, !dbg !22
  %144 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %143, !dbg !22
  %145 = getelementptr [2 x i8], ptr addrspace(1) %144, i64 %109, !dbg !22
  %146 = or disjoint i32 %66, %12, !dbg !14
  %147 = mul i32 %146, %5, !dbg !21
  %148 = sext i32 %147 to i64, !dbg !22
  %149 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %148, !dbg !22
  %150 = getelementptr [2 x i8], ptr addrspace(1) %149, i64 %109, !dbg !22
  %151 = or disjoint i32 %71, %12, !dbg !14
  %152 = mul i32 %151, %5, !dbg !21
  %153 = sext i32 %152 to i64, !dbg !22
  %154 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %153, !dbg !22
  %155 = getelementptr [2 x i8], ptr addrspace(1) %154, i64 %109, !dbg !22
  %156 = or disjoint i32 %76, %12, !dbg !14
  %157 = mul i32 %156, %5, !dbg !21
  %158 = sext i32 %157 to i64, !dbg !22
  %159 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %158, !dbg !22
  %160 = getelementptr [2 x i8], ptr addrspace(1) %159, i64 %109, !dbg !22
  %161 = or disjoint i32 %81, %12, !dbg !14
  %162 = mul i32 %161, %5, !dbg !21
  %163 = sext i32 %162 to i64, !dbg !22
  %164 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %163, !dbg !22
  %165 = getelementptr [2 x i8], ptr addrspace(1) %164, i64 %109, !dbg !22
  %166 = or disjoint i32 %86, %12, !dbg !14
  %167 = mul i32 %166, %5, !dbg !21
  %168 = sext i32 %167 to i64, !dbg !22
  %169 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %168, !dbg !22
  %170 = getelementptr [2 x i8], ptr addrspace(1) %169, i64 %109, !dbg !22
  %171 = or disjoint i32 %91, %12, !dbg !14
  %172 = mul i32 %171, %5, !dbg !21
  %173 = sext i32 %172 to i64, !dbg !22
  %174 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %173, !dbg !22
  %175 = getelementptr [2 x i8], ptr addrspace(1) %174, i64 %109, !dbg !22
  %176 = or disjoint i32 %96, %12, !dbg !14
  %177 = mul i32 %176, %5, !dbg !21
  %178 = sext i32 %177 to i64, !dbg !22
  %179 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %178, !dbg !22
  %180 = getelementptr [2 x i8], ptr addrspace(1) %179, i64 %109, !dbg !22
  %181 = or disjoint i32 %22, %12, !dbg !14
  %182 = mul i32 %181, %5, !dbg !21
  %183 = sext i32 %182 to i64, !dbg !22
  %184 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %183, !dbg !22
  %185 = getelementptr [2 x i8], ptr addrspace(1) %184, i64 %109, !dbg !22
  %186 = or disjoint i32 %21, %27, !dbg !15
  %187 = shl nuw nsw i32 %186, 1
  %188 = lshr exact i32 %21, 3
  %189 = xor i32 %187, %188
  %190 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %189
  %191 = getelementptr inbounds nuw i8, ptr addrspace(3) %190, i32 2048
  %192 = getelementptr inbounds nuw i8, ptr addrspace(3) %190, i32 4096
  %193 = getelementptr inbounds nuw i8, ptr addrspace(3) %190, i32 6144
  %194 = xor i32 %189, 544
  %195 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %194
  %196 = getelementptr inbounds nuw i8, ptr addrspace(3) %195, i32 2048
  %197 = getelementptr inbounds nuw i8, ptr addrspace(3) %195, i32 4096
  %198 = getelementptr inbounds nuw i8, ptr addrspace(3) %195, i32 6144
  %199 = xor i32 %189, 1088
  %200 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %199
  %201 = getelementptr inbounds nuw i8, ptr addrspace(3) %200, i32 2048
  %202 = getelementptr inbounds nuw i8, ptr addrspace(3) %200, i32 4096
  %203 = getelementptr inbounds nuw i8, ptr addrspace(3) %200, i32 6144
  %204 = xor i32 %189, 1632
  %205 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %204
  %206 = getelementptr inbounds nuw i8, ptr addrspace(3) %205, i32 2048
  %207 = getelementptr inbounds nuw i8, ptr addrspace(3) %205, i32 4096
  %208 = getelementptr inbounds nuw i8, ptr addrspace(3) %205, i32 6144
  %209 = shl nuw nsw i32 %13, 7
  %210 = shl nuw nsw i32 %9, 3
  %211 = and i32 %210, 120
  %212 = lshr exact i32 %15, 2
  %213 = shl nuw nsw i32 %14, 5
  %214 = or disjoint i32 %213, %209
  %215 = xor i32 %211, %212
  %216 = or disjoint i32 %214, %215
  %217 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %216
  %218 = xor i32 %216, 16
  %219 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %218
  %220 = xor i32 %216, 32
  %221 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %220
  %222 = xor i32 %216, 48
  %223 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %222
  %224 = xor i32 %216, 64
  %225 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %224
  %226 = xor i32 %216, 80
  %227 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %226
  %228 = xor i32 %216, 96
  %229 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %228
  %230 = xor i32 %216, 112
  %231 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %230
  %232 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %187
  %233 = getelementptr inbounds nuw i8, ptr addrspace(3) %232, i32 512
  %234 = getelementptr inbounds nuw i8, ptr addrspace(3) %232, i32 1024
  %235 = getelementptr inbounds nuw i8, ptr addrspace(3) %232, i32 1536
  %236 = getelementptr inbounds nuw i8, ptr addrspace(3) %232, i32 2048
  %237 = getelementptr inbounds nuw i8, ptr addrspace(3) %232, i32 2560
  %238 = getelementptr inbounds nuw i8, ptr addrspace(3) %232, i32 3072
  %239 = getelementptr inbounds nuw i8, ptr addrspace(3) %232, i32 3584
  %240 = getelementptr inbounds nuw i8, ptr addrspace(3) %232, i32 4096
  %241 = getelementptr inbounds nuw i8, ptr addrspace(3) %232, i32 4608
  %242 = getelementptr inbounds nuw i8, ptr addrspace(3) %232, i32 5120
  %243 = getelementptr inbounds nuw i8, ptr addrspace(3) %232, i32 5632
  %244 = getelementptr inbounds nuw i8, ptr addrspace(3) %232, i32 6144
  %245 = getelementptr inbounds nuw i8, ptr addrspace(3) %232, i32 6656
  %246 = getelementptr inbounds nuw i8, ptr addrspace(3) %232, i32 7168
  %247 = getelementptr inbounds nuw i8, ptr addrspace(3) %232, i32 7680
  %248 = shl nuw nsw i32 %13, 1
  %249 = shl nuw nsw i32 %15, 4
  %250 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %249
  %251 = getelementptr inbounds nuw i8, ptr addrspace(3) %250, i32 %248
  %252 = getelementptr inbounds nuw i8, ptr addrspace(3) %251, i32 %16
  %253 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 128
  %254 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 256
  %255 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 384
  %256 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 1024
  %257 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 1152
  %258 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 1280
  %259 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 1408
  %260 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 2048
  %261 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 2176
  %262 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 2304
  %263 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 2432
  %264 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 3072
  %265 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 3200
  %266 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 3328
  %267 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 3456
  %268 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 4096
  %269 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 4224
  %270 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 4352
  %271 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 4480
  %272 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 5120
  %273 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 5248
  %274 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 5376
  %275 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 5504
  %276 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 6144
  %277 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 6272
  %278 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 6400
  %279 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 6528
  %280 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 7168
  %281 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 7296
  %282 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 7424
  %283 = getelementptr inbounds nuw i8, ptr addrspace(3) %252, i32 7552
  %284 = sext i32 %20 to i64
  br label %285, !dbg !17

285:                                              ; preds = %.lr.ph, %285
  %286 = phi float [ 0.000000e+00, %.lr.ph ], [ %439, %285 ]
  %287 = phi float [ 0.000000e+00, %.lr.ph ], [ %440, %285 ]
  %288 = phi float [ 0.000000e+00, %.lr.ph ], [ %441, %285 ]
  %289 = phi float [ 0.000000e+00, %.lr.ph ], [ %442, %285 ]
  %290 = phi float [ 0.000000e+00, %.lr.ph ], [ %443, %285 ]
  %291 = phi float [ 0.000000e+00, %.lr.ph ], [ %444, %285 ]
  %292 = phi float [ 0.000000e+00, %.lr.ph ], [ %445, %285 ]
  %293 = phi float [ 0.000000e+00, %.lr.ph ], [ %446, %285 ]
  %294 = phi float [ 0.000000e+00, %.lr.ph ], [ %447, %285 ]
  %295 = phi float [ 0.000000e+00, %.lr.ph ], [ %448, %285 ]
  %296 = phi float [ 0.000000e+00, %.lr.ph ], [ %449, %285 ]
  %297 = phi float [ 0.000000e+00, %.lr.ph ], [ %450, %285 ]
  %298 = phi float [ 0.000000e+00, %.lr.ph ], [ %451, %285 ]
  %299 = phi float [ 0.000000e+00, %.lr.ph ], [ %452, %285 ]
  %300 = phi float [ 0.000000e+00, %.lr.ph ], [ %453, %285 ]
  %301 = phi float [ 0.000000e+00, %.lr.ph ], [ %454, %285 ]
  %.pn3395 = phi ptr addrspace(1) [ %30, %.lr.ph ], [ %486, %285 ]
  %.pn3594 = phi ptr addrspace(1) [ %35, %.lr.ph ], [ %485, %285 ]
  %.pn3793 = phi ptr addrspace(1) [ %40, %.lr.ph ], [ %484, %285 ]
  %.pn3992 = phi ptr addrspace(1) [ %45, %.lr.ph ], [ %483, %285 ]
  %.pn4191 = phi ptr addrspace(1) [ %50, %.lr.ph ], [ %482, %285 ]
  %.pn4390 = phi ptr addrspace(1) [ %55, %.lr.ph ], [ %481, %285 ]
  %.pn4589 = phi ptr addrspace(1) [ %60, %.lr.ph ], [ %480, %285 ]
  %.pn4788 = phi ptr addrspace(1) [ %65, %.lr.ph ], [ %479, %285 ]
  %.pn4987 = phi ptr addrspace(1) [ %70, %.lr.ph ], [ %478, %285 ]
  %.pn5186 = phi ptr addrspace(1) [ %75, %.lr.ph ], [ %477, %285 ]
  %.pn5385 = phi ptr addrspace(1) [ %80, %.lr.ph ], [ %476, %285 ]
  %.pn5584 = phi ptr addrspace(1) [ %85, %.lr.ph ], [ %475, %285 ]
  %.pn5783 = phi ptr addrspace(1) [ %90, %.lr.ph ], [ %474, %285 ]
  %.pn5982 = phi ptr addrspace(1) [ %95, %.lr.ph ], [ %473, %285 ]
  %.pn6181 = phi ptr addrspace(1) [ %100, %.lr.ph ], [ %472, %285 ]
  %.pn6380 = phi ptr addrspace(1) [ %104, %.lr.ph ], [ %471, %285 ]
  %.pn179 = phi ptr addrspace(1) [ %110, %.lr.ph ], [ %470, %285 ]
  %.pn378 = phi ptr addrspace(1) [ %115, %.lr.ph ], [ %469, %285 ]
  %.pn577 = phi ptr addrspace(1) [ %120, %.lr.ph ], [ %468, %285 ]
  %.pn776 = phi ptr addrspace(1) [ %125, %.lr.ph ], [ %467, %285 ]
  %.pn975 = phi ptr addrspace(1) [ %130, %.lr.ph ], [ %466, %285 ]
  %.pn1174 = phi ptr addrspace(1) [ %135, %.lr.ph ], [ %465, %285 ]
  %.pn1373 = phi ptr addrspace(1) [ %140, %.lr.ph ], [ %464, %285 ]
  %.pn1572 = phi ptr addrspace(1) [ %145, %.lr.ph ], [ %463, %285 ]
  %.pn1771 = phi ptr addrspace(1) [ %150, %.lr.ph ], [ %462, %285 ]
  %.pn1970 = phi ptr addrspace(1) [ %155, %.lr.ph ], [ %461, %285 ]
  %.pn2169 = phi ptr addrspace(1) [ %160, %.lr.ph ], [ %460, %285 ]
  %.pn2368 = phi ptr addrspace(1) [ %165, %.lr.ph ], [ %459, %285 ]
  %.pn2567 = phi ptr addrspace(1) [ %170, %.lr.ph ], [ %458, %285 ]
  %.pn2766 = phi ptr addrspace(1) [ %175, %.lr.ph ], [ %457, %285 ]
  %.pn2965 = phi ptr addrspace(1) [ %180, %.lr.ph ], [ %456, %285 ]
  %.pn3164 = phi ptr addrspace(1) [ %185, %.lr.ph ], [ %455, %285 ]
  %302 = phi i32 [ 0, %.lr.ph ], [ %487, %285 ]
  %303 = load <1 x half>, ptr addrspace(1) %.pn3164, align 2, !dbg !23
  %304 = load <1 x half>, ptr addrspace(1) %.pn2965, align 2, !dbg !23
  %305 = load <1 x half>, ptr addrspace(1) %.pn2766, align 2, !dbg !23
  %306 = load <1 x half>, ptr addrspace(1) %.pn2567, align 2, !dbg !23
  %307 = load <1 x half>, ptr addrspace(1) %.pn2368, align 2, !dbg !23
  %308 = load <1 x half>, ptr addrspace(1) %.pn2169, align 2, !dbg !23
  %309 = load <1 x half>, ptr addrspace(1) %.pn1970, align 2, !dbg !23
  %310 = load <1 x half>, ptr addrspace(1) %.pn1771, align 2, !dbg !23
  %311 = load <1 x half>, ptr addrspace(1) %.pn1572, align 2, !dbg !23
  %312 = load <1 x half>, ptr addrspace(1) %.pn1373, align 2, !dbg !23
  %313 = load <1 x half>, ptr addrspace(1) %.pn1174, align 2, !dbg !23
  %314 = load <1 x half>, ptr addrspace(1) %.pn975, align 2, !dbg !23
  %315 = load <1 x half>, ptr addrspace(1) %.pn776, align 2, !dbg !23
  %316 = load <1 x half>, ptr addrspace(1) %.pn577, align 2, !dbg !23
  %317 = load <1 x half>, ptr addrspace(1) %.pn378, align 2, !dbg !23
  %318 = load <1 x half>, ptr addrspace(1) %.pn179, align 2, !dbg !23
  %319 = load <1 x half>, ptr addrspace(1) %.pn6380, align 2, !dbg !13
  %320 = load <1 x half>, ptr addrspace(1) %.pn6181, align 2, !dbg !13
  %321 = load <1 x half>, ptr addrspace(1) %.pn5982, align 2, !dbg !13
  %322 = load <1 x half>, ptr addrspace(1) %.pn5783, align 2, !dbg !13
  %323 = load <1 x half>, ptr addrspace(1) %.pn5584, align 2, !dbg !13
  %324 = load <1 x half>, ptr addrspace(1) %.pn5385, align 2, !dbg !13
  %325 = load <1 x half>, ptr addrspace(1) %.pn5186, align 2, !dbg !13
  %326 = load <1 x half>, ptr addrspace(1) %.pn4987, align 2, !dbg !13
  %327 = load <1 x half>, ptr addrspace(1) %.pn4788, align 2, !dbg !13
  %328 = load <1 x half>, ptr addrspace(1) %.pn4589, align 2, !dbg !13
  %329 = load <1 x half>, ptr addrspace(1) %.pn4390, align 2, !dbg !13
  %330 = load <1 x half>, ptr addrspace(1) %.pn4191, align 2, !dbg !13
  %331 = load <1 x half>, ptr addrspace(1) %.pn3992, align 2, !dbg !13
  %332 = load <1 x half>, ptr addrspace(1) %.pn3793, align 2, !dbg !13
  %333 = load <1 x half>, ptr addrspace(1) %.pn3594, align 2, !dbg !13
  %334 = load <1 x half>, ptr addrspace(1) %.pn3395, align 2, !dbg !13
  fence syncscope("workgroup") release, !dbg !23, !mmra !24
  tail call void @llvm.amdgcn.s.barrier(), !dbg !23
  fence syncscope("workgroup") acquire, !dbg !23, !mmra !24
  store <1 x half> %303, ptr addrspace(3) %190, align 2, !dbg !23
  store <1 x half> %307, ptr addrspace(3) %191, align 2, !dbg !23
  store <1 x half> %311, ptr addrspace(3) %192, align 2, !dbg !23
  store <1 x half> %315, ptr addrspace(3) %193, align 2, !dbg !23
  store <1 x half> %304, ptr addrspace(3) %195, align 2, !dbg !23
  store <1 x half> %308, ptr addrspace(3) %196, align 2, !dbg !23
  store <1 x half> %312, ptr addrspace(3) %197, align 2, !dbg !23
  store <1 x half> %316, ptr addrspace(3) %198, align 2, !dbg !23
  store <1 x half> %305, ptr addrspace(3) %200, align 2, !dbg !23
  store <1 x half> %309, ptr addrspace(3) %201, align 2, !dbg !23
  store <1 x half> %313, ptr addrspace(3) %202, align 2, !dbg !23
  store <1 x half> %317, ptr addrspace(3) %203, align 2, !dbg !23
  store <1 x half> %306, ptr addrspace(3) %205, align 2, !dbg !23
  store <1 x half> %310, ptr addrspace(3) %206, align 2, !dbg !23
  store <1 x half> %314, ptr addrspace(3) %207, align 2, !dbg !23
  store <1 x half> %318, ptr addrspace(3) %208, align 2, !dbg !23
  fence syncscope("workgroup") release, !dbg !23, !mmra !24
  tail call void @llvm.amdgcn.s.barrier(), !dbg !23
  fence syncscope("workgroup") acquire, !dbg !23, !mmra !24
  %335 = load <4 x half>, ptr addrspace(3) %217, align 8, !dbg !23
  %336 = load <4 x half>, ptr addrspace(3) %219, align 8, !dbg !23
  %337 = load <4 x half>, ptr addrspace(3) %221, align 8, !dbg !23
  %338 = load <4 x half>, ptr addrspace(3) %223, align 8, !dbg !23
  %339 = load <4 x half>, ptr addrspace(3) %225, align 8, !dbg !23
  %340 = load <4 x half>, ptr addrspace(3) %227, align 8, !dbg !23
  %341 = load <4 x half>, ptr addrspace(3) %229, align 8, !dbg !23
  %342 = load <4 x half>, ptr addrspace(3) %231, align 8, !dbg !23
  fence syncscope("workgroup") release, !dbg !13, !mmra !24
  tail call void @llvm.amdgcn.s.barrier(), !dbg !13
  fence syncscope("workgroup") acquire, !dbg !13, !mmra !24
  store <1 x half> %319, ptr addrspace(3) %232, align 2, !dbg !13
  store <1 x half> %320, ptr addrspace(3) %233, align 2, !dbg !13
  store <1 x half> %321, ptr addrspace(3) %234, align 2, !dbg !13
  store <1 x half> %322, ptr addrspace(3) %235, align 2, !dbg !13
  store <1 x half> %323, ptr addrspace(3) %236, align 2, !dbg !13
  store <1 x half> %324, ptr addrspace(3) %237, align 2, !dbg !13
  store <1 x half> %325, ptr addrspace(3) %238, align 2, !dbg !13
  store <1 x half> %326, ptr addrspace(3) %239, align 2, !dbg !13
  store <1 x half> %327, ptr addrspace(3) %240, align 2, !dbg !13
  store <1 x half> %328, ptr addrspace(3) %241, align 2, !dbg !13
  store <1 x half> %329, ptr addrspace(3) %242, align 2, !dbg !13
  store <1 x half> %330, ptr addrspace(3) %243, align 2, !dbg !13
  store <1 x half> %331, ptr addrspace(3) %244, align 2, !dbg !13
  store <1 x half> %332, ptr addrspace(3) %245, align 2, !dbg !13
  store <1 x half> %333, ptr addrspace(3) %246, align 2, !dbg !13
  store <1 x half> %334, ptr addrspace(3) %247, align 2, !dbg !13
  fence syncscope("workgroup") release, !dbg !13, !mmra !24
  tail call void @llvm.amdgcn.s.barrier(), !dbg !13
  fence syncscope("workgroup") acquire, !dbg !13, !mmra !24
  %343 = load <1 x half>, ptr addrspace(3) %252, align 2, !dbg !13
  %344 = load <1 x half>, ptr addrspace(3) %253, align 2, !dbg !13
  %345 = load <1 x half>, ptr addrspace(3) %254, align 2, !dbg !13
  %346 = shufflevector <1 x half> %345, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %347 = load <1 x half>, ptr addrspace(3) %255, align 2, !dbg !13
  %348 = shufflevector <1 x half> %347, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %349 = load <1 x half>, ptr addrspace(3) %256, align 2, !dbg !13
  %350 = load <1 x half>, ptr addrspace(3) %257, align 2, !dbg !13
  %351 = load <1 x half>, ptr addrspace(3) %258, align 2, !dbg !13
  %352 = shufflevector <1 x half> %351, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %353 = load <1 x half>, ptr addrspace(3) %259, align 2, !dbg !13
  %354 = shufflevector <1 x half> %353, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %355 = load <1 x half>, ptr addrspace(3) %260, align 2, !dbg !13
  %356 = load <1 x half>, ptr addrspace(3) %261, align 2, !dbg !13
  %357 = load <1 x half>, ptr addrspace(3) %262, align 2, !dbg !13
  %358 = shufflevector <1 x half> %357, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %359 = load <1 x half>, ptr addrspace(3) %263, align 2, !dbg !13
  %360 = shufflevector <1 x half> %359, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %361 = load <1 x half>, ptr addrspace(3) %264, align 2, !dbg !13
  %362 = load <1 x half>, ptr addrspace(3) %265, align 2, !dbg !13
  %363 = load <1 x half>, ptr addrspace(3) %266, align 2, !dbg !13
  %364 = shufflevector <1 x half> %363, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %365 = load <1 x half>, ptr addrspace(3) %267, align 2, !dbg !13
  %366 = shufflevector <1 x half> %365, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %367 = load <1 x half>, ptr addrspace(3) %268, align 2, !dbg !13
  %368 = load <1 x half>, ptr addrspace(3) %269, align 2, !dbg !13
  %369 = load <1 x half>, ptr addrspace(3) %270, align 2, !dbg !13
  %370 = shufflevector <1 x half> %369, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %371 = load <1 x half>, ptr addrspace(3) %271, align 2, !dbg !13
  %372 = shufflevector <1 x half> %371, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %373 = load <1 x half>, ptr addrspace(3) %272, align 2, !dbg !13
  %374 = load <1 x half>, ptr addrspace(3) %273, align 2, !dbg !13
  %375 = load <1 x half>, ptr addrspace(3) %274, align 2, !dbg !13
  %376 = shufflevector <1 x half> %375, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %377 = load <1 x half>, ptr addrspace(3) %275, align 2, !dbg !13
  %378 = shufflevector <1 x half> %377, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %379 = load <1 x half>, ptr addrspace(3) %276, align 2, !dbg !13
  %380 = load <1 x half>, ptr addrspace(3) %277, align 2, !dbg !13
  %381 = load <1 x half>, ptr addrspace(3) %278, align 2, !dbg !13
  %382 = shufflevector <1 x half> %381, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %383 = load <1 x half>, ptr addrspace(3) %279, align 2, !dbg !13
  %384 = shufflevector <1 x half> %383, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %385 = load <1 x half>, ptr addrspace(3) %280, align 2, !dbg !13
  %386 = load <1 x half>, ptr addrspace(3) %281, align 2, !dbg !13
  %387 = load <1 x half>, ptr addrspace(3) %282, align 2, !dbg !13
  %388 = shufflevector <1 x half> %387, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %389 = load <1 x half>, ptr addrspace(3) %283, align 2, !dbg !13
  %390 = shufflevector <1 x half> %389, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !13
  %391 = shufflevector <1 x half> %343, <1 x half> %344, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>, !dbg !25
  %392 = shufflevector <4 x half> %391, <4 x half> %346, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>, !dbg !25
  %393 = shufflevector <4 x half> %392, <4 x half> %348, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !25
  %394 = shufflevector <1 x half> %349, <1 x half> %350, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>, !dbg !25
  %395 = shufflevector <4 x half> %394, <4 x half> %352, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>, !dbg !25
  %396 = shufflevector <4 x half> %395, <4 x half> %354, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !25
  %397 = shufflevector <1 x half> %355, <1 x half> %356, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>, !dbg !25
  %398 = shufflevector <4 x half> %397, <4 x half> %358, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>, !dbg !25
  %399 = shufflevector <4 x half> %398, <4 x half> %360, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !25
  %400 = shufflevector <1 x half> %361, <1 x half> %362, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>, !dbg !25
  %401 = shufflevector <4 x half> %400, <4 x half> %364, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>, !dbg !25
  %402 = shufflevector <4 x half> %401, <4 x half> %366, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !25
  %403 = shufflevector <1 x half> %367, <1 x half> %368, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>, !dbg !25
  %404 = shufflevector <4 x half> %403, <4 x half> %370, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>, !dbg !25
  %405 = shufflevector <4 x half> %404, <4 x half> %372, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !25
  %406 = shufflevector <1 x half> %373, <1 x half> %374, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>, !dbg !25
  %407 = shufflevector <4 x half> %406, <4 x half> %376, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>, !dbg !25
  %408 = shufflevector <4 x half> %407, <4 x half> %378, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !25
  %409 = shufflevector <1 x half> %379, <1 x half> %380, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>, !dbg !25
  %410 = shufflevector <4 x half> %409, <4 x half> %382, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>, !dbg !25
  %411 = shufflevector <4 x half> %410, <4 x half> %384, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !25
  %412 = shufflevector <1 x half> %385, <1 x half> %386, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>, !dbg !25
  %413 = shufflevector <4 x half> %412, <4 x half> %388, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>, !dbg !25
  %414 = shufflevector <4 x half> %413, <4 x half> %390, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !25
  %415 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %286, i64 0, !dbg !25
  %416 = insertelement <16 x float> %415, float %287, i64 1, !dbg !25
  %417 = insertelement <16 x float> %416, float %288, i64 2, !dbg !25
  %418 = insertelement <16 x float> %417, float %289, i64 3, !dbg !25
  %419 = insertelement <16 x float> %418, float %290, i64 4, !dbg !25
  %420 = insertelement <16 x float> %419, float %291, i64 5, !dbg !25
  %421 = insertelement <16 x float> %420, float %292, i64 6, !dbg !25
  %422 = insertelement <16 x float> %421, float %293, i64 7, !dbg !25
  %423 = insertelement <16 x float> %422, float %294, i64 8, !dbg !25
  %424 = insertelement <16 x float> %423, float %295, i64 9, !dbg !25
  %425 = insertelement <16 x float> %424, float %296, i64 10, !dbg !25
  %426 = insertelement <16 x float> %425, float %297, i64 11, !dbg !25
  %427 = insertelement <16 x float> %426, float %298, i64 12, !dbg !25
  %428 = insertelement <16 x float> %427, float %299, i64 13, !dbg !25
  %429 = insertelement <16 x float> %428, float %300, i64 14, !dbg !25
  %430 = insertelement <16 x float> %429, float %301, i64 15, !dbg !25
  %431 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %393, <4 x half> %335, <16 x float> %430, i32 0, i32 0, i32 0), !dbg !25
  %432 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %396, <4 x half> %336, <16 x float> %431, i32 0, i32 0, i32 0), !dbg !25
  %433 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %399, <4 x half> %337, <16 x float> %432, i32 0, i32 0, i32 0), !dbg !25
  %434 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %402, <4 x half> %338, <16 x float> %433, i32 0, i32 0, i32 0), !dbg !25
  %435 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %405, <4 x half> %339, <16 x float> %434, i32 0, i32 0, i32 0), !dbg !25
  %436 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %408, <4 x half> %340, <16 x float> %435, i32 0, i32 0, i32 0), !dbg !25
  %437 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %411, <4 x half> %341, <16 x float> %436, i32 0, i32 0, i32 0), !dbg !25
  %438 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %414, <4 x half> %342, <16 x float> %437, i32 0, i32 0, i32 0), !dbg !25
  %439 = extractelement <16 x float> %438, i64 0, !dbg !25
  %440 = extractelement <16 x float> %438, i64 1, !dbg !25
  %441 = extractelement <16 x float> %438, i64 2, !dbg !25
  %442 = extractelement <16 x float> %438, i64 3, !dbg !25
  %443 = extractelement <16 x float> %438, i64 4, !dbg !25
  %444 = extractelement <16 x float> %438, i64 5, !dbg !25
  %445 = extractelement <16 x float> %438, i64 6, !dbg !25
  %446 = extractelement <16 x float> %438, i64 7, !dbg !25
  %447 = extractelement <16 x float> %438, i64 8, !dbg !25
  %448 = extractelement <16 x float> %438, i64 9, !dbg !25
  %449 = extractelement <16 x float> %438, i64 10, !dbg !25
  %450 = extractelement <16 x float> %438, i64 11, !dbg !25
  %451 = extractelement <16 x float> %438, i64 12, !dbg !25
  %452 = extractelement <16 x float> %438, i64 13, !dbg !25
  %453 = extractelement <16 x float> %438, i64 14, !dbg !25
  %454 = extractelement <16 x float> %438, i64 15, !dbg !25
  %455 = getelementptr i8, ptr addrspace(1) %.pn3164, i64 128, !dbg !26
  %456 = getelementptr i8, ptr addrspace(1) %.pn2965, i64 128, !dbg !26
  %457 = getelementptr i8, ptr addrspace(1) %.pn2766, i64 128, !dbg !26
  %458 = getelementptr i8, ptr addrspace(1) %.pn2567, i64 128, !dbg !26
  %459 = getelementptr i8, ptr addrspace(1) %.pn2368, i64 128, !dbg !26
  %460 = getelementptr i8, ptr addrspace(1) %.pn2169, i64 128, !dbg !26
  %461 = getelementptr i8, ptr addrspace(1) %.pn1970, i64 128, !dbg !26
  %462 = getelementptr i8, ptr addrspace(1) %.pn1771, i64 128, !dbg !26
  %463 = getelementptr i8, ptr addrspace(1) %.pn1572, i64 128, !dbg !26
  %464 = getelementptr i8, ptr addrspace(1) %.pn1373, i64 128, !dbg !26
  %465 = getelementptr i8, ptr addrspace(1) %.pn1174, i64 128, !dbg !26
  %466 = getelementptr i8, ptr addrspace(1) %.pn975, i64 128, !dbg !26
  %467 = getelementptr i8, ptr addrspace(1) %.pn776, i64 128, !dbg !26
  %468 = getelementptr i8, ptr addrspace(1) %.pn577, i64 128, !dbg !26
  %469 = getelementptr i8, ptr addrspace(1) %.pn378, i64 128, !dbg !26
  %470 = getelementptr i8, ptr addrspace(1) %.pn179, i64 128, !dbg !26
  %471 = getelementptr [2 x i8], ptr addrspace(1) %.pn6380, i64 %284, !dbg !27
  %472 = getelementptr [2 x i8], ptr addrspace(1) %.pn6181, i64 %284, !dbg !27
  %473 = getelementptr [2 x i8], ptr addrspace(1) %.pn5982, i64 %284, !dbg !27
  %474 = getelementptr [2 x i8], ptr addrspace(1) %.pn5783, i64 %284, !dbg !27
  %475 = getelementptr [2 x i8], ptr addrspace(1) %.pn5584, i64 %284, !dbg !27
  %476 = getelementptr [2 x i8], ptr addrspace(1) %.pn5385, i64 %284, !dbg !27
  %477 = getelementptr [2 x i8], ptr addrspace(1) %.pn5186, i64 %284, !dbg !27
  %478 = getelementptr [2 x i8], ptr addrspace(1) %.pn4987, i64 %284, !dbg !27
  %479 = getelementptr [2 x i8], ptr addrspace(1) %.pn4788, i64 %284, !dbg !27
  %480 = getelementptr [2 x i8], ptr addrspace(1) %.pn4589, i64 %284, !dbg !27
  %481 = getelementptr [2 x i8], ptr addrspace(1) %.pn4390, i64 %284, !dbg !27
  %482 = getelementptr [2 x i8], ptr addrspace(1) %.pn4191, i64 %284, !dbg !27
  %483 = getelementptr [2 x i8], ptr addrspace(1) %.pn3992, i64 %284, !dbg !27
  %484 = getelementptr [2 x i8], ptr addrspace(1) %.pn3793, i64 %284, !dbg !27
  %485 = getelementptr [2 x i8], ptr addrspace(1) %.pn3594, i64 %284, !dbg !27
  %486 = getelementptr [2 x i8], ptr addrspace(1) %.pn3395, i64 %284, !dbg !27
  %487 = add i32 %302, 64, !dbg !17
  %488 = icmp slt i32 %487, %5, !dbg !17
  br i1 %488, label %285, label %._crit_edge.loopexit, !dbg !17

._crit_edge.loopexit:                             ; preds = %285
  %489 = fptrunc float %439 to half, !dbg !28
  %490 = fptrunc float %440 to half, !dbg !28
  %491 = fptrunc float %441 to half, !dbg !28
  %492 = fptrunc float %442 to half, !dbg !28
  %493 = fptrunc float %443 to half, !dbg !28
  %494 = fptrunc float %444 to half, !dbg !28
  %495 = fptrunc float %445 to half, !dbg !28
  %496 = fptrunc float %446 to half, !dbg !28
  %497 = fptrunc float %447 to half, !dbg !28
  %498 = fptrunc float %448 to half, !dbg !28
  %499 = fptrunc float %449 to half, !dbg !28
  %500 = fptrunc float %450 to half, !dbg !28
  %501 = fptrunc float %451 to half, !dbg !28
  %502 = fptrunc float %452 to half, !dbg !28
  %503 = fptrunc float %453 to half, !dbg !28
  %504 = fptrunc float %454 to half, !dbg !28
  br label %._crit_edge, !dbg !15

._crit_edge:                                      ; preds = %._crit_edge.loopexit, %8
  %505 = phi half [ 0.000000e+00, %8 ], [ %489, %._crit_edge.loopexit ], !dbg !29
  %506 = phi half [ 0.000000e+00, %8 ], [ %490, %._crit_edge.loopexit ], !dbg !29
  %507 = phi half [ 0.000000e+00, %8 ], [ %491, %._crit_edge.loopexit ], !dbg !29
  %508 = phi half [ 0.000000e+00, %8 ], [ %492, %._crit_edge.loopexit ], !dbg !29
  %509 = phi half [ 0.000000e+00, %8 ], [ %493, %._crit_edge.loopexit ], !dbg !29
  %510 = phi half [ 0.000000e+00, %8 ], [ %494, %._crit_edge.loopexit ], !dbg !29
  %511 = phi half [ 0.000000e+00, %8 ], [ %495, %._crit_edge.loopexit ], !dbg !29
  %512 = phi half [ 0.000000e+00, %8 ], [ %496, %._crit_edge.loopexit ], !dbg !29
  %513 = phi half [ 0.000000e+00, %8 ], [ %497, %._crit_edge.loopexit ], !dbg !29
  %514 = phi half [ 0.000000e+00, %8 ], [ %498, %._crit_edge.loopexit ], !dbg !29
  %515 = phi half [ 0.000000e+00, %8 ], [ %499, %._crit_edge.loopexit ], !dbg !29
  %516 = phi half [ 0.000000e+00, %8 ], [ %500, %._crit_edge.loopexit ], !dbg !29
  %517 = phi half [ 0.000000e+00, %8 ], [ %501, %._crit_edge.loopexit ], !dbg !29
  %518 = phi half [ 0.000000e+00, %8 ], [ %502, %._crit_edge.loopexit ], !dbg !29
  %519 = phi half [ 0.000000e+00, %8 ], [ %503, %._crit_edge.loopexit ], !dbg !29
  %520 = phi half [ 0.000000e+00, %8 ], [ %504, %._crit_edge.loopexit ], !dbg !29
  %521 = lshr exact i32 %15, 3, !dbg !15
  %522 = lshr exact i32 %16, 1, !dbg !15
  %523 = or disjoint i32 %522, %521, !dbg !15
  %524 = or disjoint i32 %18, %523, !dbg !16
  %525 = lshr exact i32 %14, 2, !dbg !15
  %526 = or disjoint i32 %13, %525, !dbg !15
  %527 = or disjoint i32 %526, %12, !dbg !14
  %528 = mul i32 %527, %4, !dbg !30
  %529 = sext i32 %528 to i64, !dbg !31
  %530 = getelementptr [2 x i8], ptr addrspace(1) %2, i64 %529, !dbg !31
  %531 = sext i32 %524 to i64, !dbg !31
  %532 = getelementptr [2 x i8], ptr addrspace(1) %530, i64 %531, !dbg !31
  %533 = getelementptr i8, ptr addrspace(1) %532, i64 2, !dbg !31
  %534 = getelementptr i8, ptr addrspace(1) %532, i64 4, !dbg !31
  %535 = getelementptr i8, ptr addrspace(1) %532, i64 6, !dbg !31
  %536 = getelementptr i8, ptr addrspace(1) %532, i64 16, !dbg !31
  %537 = getelementptr i8, ptr addrspace(1) %532, i64 18, !dbg !31
  %538 = getelementptr i8, ptr addrspace(1) %532, i64 20, !dbg !31
  %539 = getelementptr i8, ptr addrspace(1) %532, i64 22, !dbg !31
  %540 = getelementptr i8, ptr addrspace(1) %532, i64 32, !dbg !31
  %541 = getelementptr i8, ptr addrspace(1) %532, i64 34, !dbg !31
  %542 = getelementptr i8, ptr addrspace(1) %532, i64 36, !dbg !31
  %543 = getelementptr i8, ptr addrspace(1) %532, i64 38, !dbg !31
  %544 = getelementptr i8, ptr addrspace(1) %532, i64 48, !dbg !31
  %545 = getelementptr i8, ptr addrspace(1) %532, i64 50, !dbg !31
  %546 = getelementptr i8, ptr addrspace(1) %532, i64 52, !dbg !31
  %547 = getelementptr i8, ptr addrspace(1) %532, i64 54, !dbg !31
  %548 = insertelement <1 x half> poison, half %505, i64 0, !dbg !12
  store <1 x half> %548, ptr addrspace(1) %532, align 2, !dbg !12
  %549 = insertelement <1 x half> poison, half %506, i64 0, !dbg !12
  store <1 x half> %549, ptr addrspace(1) %533, align 2, !dbg !12
  %550 = insertelement <1 x half> poison, half %507, i64 0, !dbg !12
  store <1 x half> %550, ptr addrspace(1) %534, align 2, !dbg !12
  %551 = insertelement <1 x half> poison, half %508, i64 0, !dbg !12
  store <1 x half> %551, ptr addrspace(1) %535, align 2, !dbg !12
  %552 = insertelement <1 x half> poison, half %509, i64 0, !dbg !12
  store <1 x half> %552, ptr addrspace(1) %536, align 2, !dbg !12
  %553 = insertelement <1 x half> poison, half %510, i64 0, !dbg !12
  store <1 x half> %553, ptr addrspace(1) %537, align 2, !dbg !12
  %554 = insertelement <1 x half> poison, half %511, i64 0, !dbg !12
  store <1 x half> %554, ptr addrspace(1) %538, align 2, !dbg !12
  %555 = insertelement <1 x half> poison, half %512, i64 0, !dbg !12
  store <1 x half> %555, ptr addrspace(1) %539, align 2, !dbg !12
  %556 = insertelement <1 x half> poison, half %513, i64 0, !dbg !12
  store <1 x half> %556, ptr addrspace(1) %540, align 2, !dbg !12
  %557 = insertelement <1 x half> poison, half %514, i64 0, !dbg !12
  store <1 x half> %557, ptr addrspace(1) %541, align 2, !dbg !12
  %558 = insertelement <1 x half> poison, half %515, i64 0, !dbg !12
  store <1 x half> %558, ptr addrspace(1) %542, align 2, !dbg !12
  %559 = insertelement <1 x half> poison, half %516, i64 0, !dbg !12
  store <1 x half> %559, ptr addrspace(1) %543, align 2, !dbg !12
  %560 = insertelement <1 x half> poison, half %517, i64 0, !dbg !12
  store <1 x half> %560, ptr addrspace(1) %544, align 2, !dbg !12
  %561 = insertelement <1 x half> poison, half %518, i64 0, !dbg !12
  store <1 x half> %561, ptr addrspace(1) %545, align 2, !dbg !12
  %562 = insertelement <1 x half> poison, half %519, i64 0, !dbg !12
  store <1 x half> %562, ptr addrspace(1) %546, align 2, !dbg !12
  %563 = insertelement <1 x half> poison, half %520, i64 0, !dbg !12
  store <1 x half> %563, ptr addrspace(1) %547, align 2, !dbg !12
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
